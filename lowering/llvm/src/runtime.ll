; Run-time support linked into every module, for the CPU and the GPU alike:
; buffers with a length header, double-buffered work queues, and fatal
; errors. The layout is the one strata_abi describes; every function
; is internal and inlined where it pays. What differs between the targets
; (memory, writing a message, stopping) comes from the target's own part,
; cpu.ll or gpu.ll, which defines or declares @malloc, @calloc, @free,
; @write and @abort.

%queue = type { ptr, i64, ptr, i64, ptr, i64, i64, ptr, i64, i64, i32 }

@.oom = private constant [43 x i8] c"error: out of memory allocating a buffer\0A\00\00"
@.range = private constant [58 x i8] c"error: an item pushed to a unique queue is out of range\0A\00\00"

define internal void @strata.fail(ptr %msg, i64 %len) noreturn cold {
  %w = call i64 @write(i32 2, ptr %msg, i64 %len)
  call void @abort()
  unreachable
}

; n elements of `size` bytes after a 64-byte header whose first word is n.
; A size whose bytes do not fit 64 bits (a huge or negative n) is out of
; memory too, never a wrapped, too small block.
define internal ptr @strata.alloc(i64 %n, i64 %size, i1 %zero) {
entry:
  %prod = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %n, i64 %size)
  %bytes = extractvalue { i64, i1 } %prod, 0
  %wide = extractvalue { i64, i1 } %prod, 1
  %sum = call { i64, i1 } @llvm.uadd.with.overflow.i64(i64 %bytes, i64 64)
  %total = extractvalue { i64, i1 } %sum, 0
  %wider = extractvalue { i64, i1 } %sum, 1
  %too_big = or i1 %wide, %wider
  br i1 %too_big, label %fail, label %sized
sized:
  br i1 %zero, label %z, label %u
z:
  %pz = call ptr @calloc(i64 %total, i64 1)
  br label %check
u:
  %pu = call ptr @malloc(i64 %total)
  br label %check
check:
  %p = phi ptr [ %pz, %z ], [ %pu, %u ]
  %null = icmp eq ptr %p, null
  br i1 %null, label %fail, label %ok
fail:
  call void @strata.fail(ptr @.oom, i64 41)
  unreachable
ok:
  store i64 %n, ptr %p
  %data = getelementptr inbounds i8, ptr %p, i64 64
  ret ptr %data
}

define internal void @strata.free(ptr %data) {
  %p = getelementptr inbounds i8, ptr %data, i64 -64
  call void @free(ptr %p)
  ret void
}

; { current items, current length, next items, next length, round stamps
;   (unique queues; null otherwise), round, capacity of both buffers,
;   spill area, spill length, spill capacity, spill lock }
; A unique queue never holds more than `cap` items a round; a plain one
; grows: pushes beyond the capacity go to the spill area, and the next
; advance moves everything into buffers twice as large.
define internal ptr @strata.queue_new(i64 %cap, i1 %unique) {
entry:
  %q = call ptr @strata.alloc(i64 1, i64 88, i1 true)
  %cur = call ptr @strata.alloc(i64 %cap, i64 8, i1 false)
  %next = call ptr @strata.alloc(i64 %cap, i64 8, i1 false)
  %curhdr = getelementptr inbounds i8, ptr %cur, i64 -64
  store i64 0, ptr %curhdr
  store ptr %cur, ptr %q
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  store ptr %next, ptr %f2
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  store i64 %cap, ptr %f6
  br i1 %unique, label %stamps, label %done
stamps:
  %s = call ptr @strata.alloc(i64 %cap, i64 4, i1 true)
  %f4 = getelementptr inbounds %queue, ptr %q, i32 0, i32 4
  store ptr %s, ptr %f4
  br label %done
done:
  ret ptr %q
}

; Whether `item` should be pushed: always for plain queues, and where
; `must` is false (the program pushes it at most once a round); for unique
; ones, if this round has not pushed it yet (claimed by exchanging its stamp).
define internal i1 @strata.queue_claim(ptr %q, i64 %item, i1 %must) {
entry:
  br i1 %must, label %check, label %yes
check:
  %f4 = getelementptr inbounds %queue, ptr %q, i32 0, i32 4
  %s = load ptr, ptr %f4
  %plain = icmp eq ptr %s, null
  br i1 %plain, label %yes, label %stamp
stamp:
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %outside = icmp uge i64 %item, %cap
  br i1 %outside, label %range, label %inside
range:
  call void @strata.fail(ptr @.range, i64 56)
  unreachable
inside:
  %f5 = getelementptr inbounds %queue, ptr %q, i32 0, i32 5
  %round = load i64, ptr %f5
  %r1 = add i64 %round, 1
  %r32 = trunc i64 %r1 to i32
  %slot = getelementptr inbounds i32, ptr %s, i64 %item
  %seen = load atomic i32, ptr %slot monotonic, align 4
  %again = icmp eq i32 %seen, %r32
  br i1 %again, label %no, label %claim
claim:
  %old = atomicrmw xchg ptr %slot, i32 %r32 monotonic
  %won = icmp ne i32 %old, %r32
  ret i1 %won
yes:
  ret i1 true
no:
  ret i1 false
}

; Reserves `n` places in the next round; returns the first. Places at or
; beyond the capacity are written through @strata.queue_spill.
define internal i64 @strata.queue_reserve(ptr %q, i64 %n) {
  %f3 = getelementptr inbounds %queue, ptr %q, i32 0, i32 3
  %at = atomicrmw add ptr %f3, i64 %n monotonic
  ret i64 %at
}

; Appends `n` items at `src` to the spill area, under its lock.
define internal void @strata.queue_spill(ptr %q, ptr %src, i64 %n) noinline {
entry:
  %lock = getelementptr inbounds %queue, ptr %q, i32 0, i32 10
  br label %acquire
acquire:
  %got = cmpxchg ptr %lock, i32 0, i32 1 acquire monotonic
  %ok = extractvalue { i32, i1 } %got, 1
  br i1 %ok, label %held, label %acquire
held:
  %f7 = getelementptr inbounds %queue, ptr %q, i32 0, i32 7
  %f8 = getelementptr inbounds %queue, ptr %q, i32 0, i32 8
  %f9 = getelementptr inbounds %queue, ptr %q, i32 0, i32 9
  %len = load i64, ptr %f8
  %cap = load i64, ptr %f9
  %need = add i64 %len, %n
  %small = icmp ugt i64 %need, %cap
  br i1 %small, label %grow, label %copy
grow:
  %twice = shl i64 %cap, 1
  %more = call i64 @llvm.umax.i64(i64 %twice, i64 %need)
  %newcap = call i64 @llvm.umax.i64(i64 %more, i64 1024)
  %old = load ptr, ptr %f7
  %bytes = mul i64 %newcap, 8
  %p = call ptr @malloc(i64 %bytes)
  %null = icmp eq ptr %p, null
  br i1 %null, label %oom, label %grown
oom:
  call void @strata.fail(ptr @.oom, i64 41)
  unreachable
grown:
  %oldbytes = mul i64 %len, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %old, i64 %oldbytes, i1 false)
  call void @free(ptr %old)
  store ptr %p, ptr %f7
  store i64 %newcap, ptr %f9
  br label %copy
copy:
  %area = load ptr, ptr %f7
  %dst = getelementptr inbounds i64, ptr %area, i64 %len
  %nbytes = mul i64 %n, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %nbytes, i1 false)
  store i64 %need, ptr %f8
  store atomic i32 0, ptr %lock release, align 4
  ret void
}

; Writes `n` items from `src` to the places reserved at `at`: those below
; the capacity in place, the rest to the spill area.
define internal void @strata.queue_write(ptr %q, i64 %at, ptr %src, i64 %n) {
entry:
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %room = call i64 @llvm.usub.sat.i64(i64 %cap, i64 %at)
  %fits = call i64 @llvm.umin.i64(i64 %room, i64 %n)
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %dst = getelementptr i64, ptr %next, i64 %at
  %bytes = mul i64 %fits, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %bytes, i1 false)
  %rest = sub i64 %n, %fits
  %over = icmp ne i64 %rest, 0
  br i1 %over, label %spill, label %done
spill:
  %more = getelementptr inbounds i64, ptr %src, i64 %fits
  call void @strata.queue_spill(ptr %q, ptr %more, i64 %rest)
  br label %done
done:
  ret void
}

declare i64 @llvm.umax.i64(i64, i64)
declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
declare { i64, i1 } @llvm.uadd.with.overflow.i64(i64, i64)
declare i64 @llvm.umin.i64(i64, i64)
declare i64 @llvm.usub.sat.i64(i64, i64)

; Writes `item` to the place `at` reserved in the next round: in place
; below the capacity, else to the spill area.
define internal void @strata.queue_put(ptr %q, i64 %at, i64 %item) {
entry:
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %fits = icmp ult i64 %at, %cap
  br i1 %fits, label %place, label %spill
place:
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %p = getelementptr inbounds i64, ptr %next, i64 %at
  store i64 %item, ptr %p
  ret void
spill:
  %tmp = alloca i64
  store i64 %item, ptr %tmp
  call void @strata.queue_spill(ptr %q, ptr %tmp, i64 1)
  ret void
}

define internal void @strata.queue_push(ptr %q, i64 %item, i1 %claim) {
entry:
  %want = call i1 @strata.queue_claim(ptr %q, i64 %item, i1 %claim)
  br i1 %want, label %push, label %done
push:
  %at = call i64 @strata.queue_reserve(ptr %q, i64 1)
  call void @strata.queue_put(ptr %q, i64 %at, i64 %item)
  br label %done
done:
  ret void
}

; A thread's pushes gather in a buffer of 64 (`buf`, `count` items) and go
; to the next round 64 at a time: one atomic add per 64 pushes.
define internal void @strata.queue_push_local(ptr %q, i64 %item, i1 %claim, ptr %buf, ptr %count) {
entry:
  %want = call i1 @strata.queue_claim(ptr %q, i64 %item, i1 %claim)
  br i1 %want, label %push, label %done
push:
  %n = load i64, ptr %count
  %p = getelementptr inbounds i64, ptr %buf, i64 %n
  store i64 %item, ptr %p
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %count
  %full = icmp eq i64 %n1, 64
  br i1 %full, label %flush, label %done
flush:
  call void @strata.queue_flush(ptr %q, ptr %buf, ptr %count)
  br label %done
done:
  ret void
}

define internal void @strata.queue_flush(ptr %q, ptr %buf, ptr %count) {
entry:
  %n = load i64, ptr %count
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %copy
copy:
  %at = call i64 @strata.queue_reserve(ptr %q, i64 %n)
  call void @strata.queue_write(ptr %q, i64 %at, ptr %buf, i64 %n)
  store i64 0, ptr %count
  br label %done
done:
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define internal i64 @strata.queue_size(ptr %q) {
  %f1 = getelementptr inbounds %queue, ptr %q, i32 0, i32 1
  %n = load i64, ptr %f1
  ret i64 %n
}

define internal ptr @strata.queue_items(ptr %q) {
  %cur = load ptr, ptr %q
  ret ptr %cur
}

; Makes the pushes the current round; true when there are any. When the
; round overflowed into the spill area, both buffers are replaced by ones
; large enough for it (at least twice the old capacity).
define internal i1 @strata.queue_advance(ptr %q) {
entry:
  %cur = load ptr, ptr %q
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %f3 = getelementptr inbounds %queue, ptr %q, i32 0, i32 3
  %n = load i64, ptr %f3
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %over = icmp ugt i64 %n, %cap
  br i1 %over, label %grow, label %swap
grow:
  %twice = shl i64 %cap, 1
  %newcap = call i64 @llvm.umax.i64(i64 %twice, i64 %n)
  %big = call ptr @strata.alloc(i64 %newcap, i64 8, i1 false)
  %capbytes = mul i64 %cap, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %big, ptr %next, i64 %capbytes, i1 false)
  %f7 = getelementptr inbounds %queue, ptr %q, i32 0, i32 7
  %spill = load ptr, ptr %f7
  %tail = getelementptr inbounds i64, ptr %big, i64 %cap
  %spilled = sub i64 %n, %cap
  %spillbytes = mul i64 %spilled, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %tail, ptr %spill, i64 %spillbytes, i1 false)
  %f8 = getelementptr inbounds %queue, ptr %q, i32 0, i32 8
  store i64 0, ptr %f8
  call void @strata.free(ptr %cur)
  call void @strata.free(ptr %next)
  %spare = call ptr @strata.alloc(i64 %newcap, i64 8, i1 false)
  store i64 %newcap, ptr %f6
  br label %install
swap:
  br label %install
install:
  %newcur = phi ptr [ %big, %grow ], [ %next, %swap ]
  %newnext = phi ptr [ %spare, %grow ], [ %cur, %swap ]
  store ptr %newcur, ptr %q
  store ptr %newnext, ptr %f2
  %f1 = getelementptr inbounds %queue, ptr %q, i32 0, i32 1
  store i64 %n, ptr %f1
  store i64 0, ptr %f3
  %hdr = getelementptr inbounds i8, ptr %newcur, i64 -64
  store i64 %n, ptr %hdr
  %f5 = getelementptr inbounds %queue, ptr %q, i32 0, i32 5
  %round = load i64, ptr %f5
  %r1 = add i64 %round, 1
  store i64 %r1, ptr %f5
  %any = icmp ne i64 %n, 0
  ret i1 %any
}

define internal void @strata.queue_free(ptr %q) {
entry:
  %cur = load ptr, ptr %q
  call void @strata.free(ptr %cur)
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  call void @strata.free(ptr %next)
  %f4 = getelementptr inbounds %queue, ptr %q, i32 0, i32 4
  %s = load ptr, ptr %f4
  %has = icmp ne ptr %s, null
  br i1 %has, label %stamps, label %done
stamps:
  call void @strata.free(ptr %s)
  br label %done
done:
  %f7 = getelementptr inbounds %queue, ptr %q, i32 0, i32 7
  %spill = load ptr, ptr %f7
  call void @free(ptr %spill)
  call void @strata.free(ptr %q)
  ret void
}
