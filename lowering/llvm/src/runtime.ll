; Run-time support linked into every module, for the CPU and the GPU alike:
; buffers with a length header, double-buffered work queues, and fatal
; errors. The layout is the one strata_abi describes; every function
; is internal and inlined where it pays. What differs between the targets
; (memory, writing a message, stopping) comes from the target's own part,
; cpu.ll or gpu.ll, which defines @strata.mem_alloc, @strata.mem_zalloc
; (bytes, zeroed), @strata.mem_free, @strata.mem_fill (64-bit words set to
; a pattern), and defines or declares @write and @abort.

%queue = type { ptr, i64, ptr, i64, ptr, i64, i64, ptr, i64, i64, i32, ptr, i64, ptr, ptr, i64, i64, i64, i64 }
%vec = type { ptr, i64, i64 }

@.oom = private constant [43 x i8] c"error: out of memory allocating a buffer\0A\00\00"
@.range = private constant [58 x i8] c"error: an item pushed to a unique queue is out of range\0A\00\00"
@.orange = private constant [60 x i8] c"error: an item pushed to an ordered queue is out of range\0A\00\00"
@.negkey = private constant [65 x i8] c"error: a node pushed to an ordered worklist has a negative key\0A\00\00"
@.delta = private constant [58 x i8] c"error: the delta of an ordered worklist must be positive\0A\00"

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
  %pz = call ptr @strata.mem_zalloc(i64 %total)
  br label %check
u:
  %pu = call ptr @strata.mem_alloc(i64 %total)
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

; Adds %x to the float at %p and returns what it held before: the GPU's
; atom.add.f32/f64 (a compare-and-swap loop costs a fence and a retry per
; colliding thread), a compare-and-swap loop on the CPU. Relaxed: float
; sums order nothing; barriers order what reads them.
define internal double @strata.atomic_fadd_f64(ptr %p, double %x) {
  %old = atomicrmw fadd ptr %p, double %x monotonic, align 8
  ret double %old
}

define internal float @strata.atomic_fadd_f32(ptr %p, float %x) {
  %old = atomicrmw fadd ptr %p, float %x monotonic, align 4
  ret float %old
}

define internal void @strata.free(ptr %data) {
  %p = getelementptr inbounds i8, ptr %data, i64 -64
  call void @strata.mem_free(ptr %p)
  ret void
}

; { current items, current length, next items, next length, round stamps
;   (unique queues; null otherwise), round, capacity of both buffers,
;   spill area, spill length, spill capacity, spill lock,
;   ordered queues (null and 0 otherwise): key, delta, bucket of each item,
;   blocks of buckets, first bucket of the window, current bucket, number
;   of blocks, whether pushes are placed when flushed }
; A unique queue never holds more than `cap` items a round; a plain one
; grows: pushes beyond the capacity go to the spill area, and the next
; advance moves everything into buffers twice as large.
define internal ptr @strata.queue_new(i64 %cap, i1 %unique) {
entry:
  %q = call ptr @strata.alloc(i64 1, i64 160, i1 true)
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
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  %key = load ptr, ptr %f11
  %ordered = icmp ne ptr %key, null
  br i1 %ordered, label %place, label %unordered
place:
  %b = call i1 @strata.ordered_claim(ptr %q, i64 %item)
  ret i1 %b
unordered:
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
  %p = call ptr @strata.mem_alloc(i64 %bytes)
  %null = icmp eq ptr %p, null
  br i1 %null, label %oom, label %grown
oom:
  call void @strata.fail(ptr @.oom, i64 41)
  unreachable
grown:
  call void @strata.copy_words(ptr %p, ptr %old, i64 %len)
  call void @strata.mem_free(ptr %old)
  store ptr %p, ptr %f7
  store i64 %newcap, ptr %f9
  br label %copy
copy:
  %area = load ptr, ptr %f7
  %dst = getelementptr inbounds i64, ptr %area, i64 %len
  call void @strata.copy_words(ptr %dst, ptr %src, i64 %n)
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
  call void @strata.copy_words(ptr %dst, ptr %src, i64 %fits)
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
  %f18 = getelementptr inbounds %queue, ptr %q, i32 0, i32 18
  %eager = load i64, ptr %f18
  %place = icmp ne i64 %eager, 0
  br i1 %place, label %placed, label %shared
placed:
  call void @strata.ordered_flush(ptr %q, ptr %buf, i64 %n)
  br label %reset
shared:
  %at = call i64 @strata.queue_reserve(ptr %q, i64 %n)
  call void @strata.queue_write(ptr %q, i64 %at, ptr %buf, i64 %n)
  br label %reset
reset:
  store i64 0, ptr %count
  br label %done
done:
  ret void
}

; Sets the 64-bit words `first, first + stride, ...` below `words` at `p`
; to `pattern` (each target's `strata.mem_fill`; on the GPU, a thread's
; share of the grid's fill).
define internal void @strata.fill_strided(ptr %p, i64 %first, i64 %stride, i64 %words, i64 %pattern) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %first, %entry ], [ %next, %store ]
  %more = icmp ult i64 %i, %words
  br i1 %more, label %store, label %done
store:
  %w = getelementptr inbounds i64, ptr %p, i64 %i
  store i64 %pattern, ptr %w, align 8
  %next = add i64 %i, %stride
  br label %loop
done:
  ret void
}

; Copies `n` 64-bit words (the queues' items) from `src` to `dst`: a loop
; of word moves, which the CPU's optimizer vectorizes (NVPTX would copy an
; `llvm.memcpy` of unknown size a byte at a time).
define internal void @strata.copy_words(ptr %dst, ptr %src, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %move ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %move, label %done
move:
  %from = getelementptr inbounds i64, ptr %src, i64 %i
  %to = getelementptr inbounds i64, ptr %dst, i64 %i
  %w = load i64, ptr %from, align 8
  store i64 %w, ptr %to, align 8
  %next = add i64 %i, 1
  br label %loop
done:
  ret void
}

define internal i64 @strata.queue_size(ptr %q) {
  %f1 = getelementptr inbounds %queue, ptr %q, i32 0, i32 1
  %n = load i64, ptr %f1
  ret i64 %n
}

define internal ptr @strata.queue_items(ptr %q) {
  %cur = load ptr, ptr %q
  ret ptr %cur
}

; Makes the pushes the current round (of an ordered queue: its next
; bucket); true when there are any.
define internal i1 @strata.queue_advance(ptr %q) {
entry:
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  %key = load ptr, ptr %f11
  %ordered = icmp ne ptr %key, null
  br i1 %ordered, label %bucket, label %turn
bucket:
  %b = call i1 @strata.ordered_advance(ptr %q)
  ret i1 %b
turn:
  %t = call i1 @strata.queue_turn(ptr %q)
  ret i1 %t
}

; Makes the pushes the current round; true when there are any. When the
; round overflowed into the spill area, both buffers are replaced by ones
; large enough for it (at least twice the old capacity).
define internal i1 @strata.queue_turn(ptr %q) {
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
  call void @strata.copy_words(ptr %big, ptr %next, i64 %cap)
  %f7 = getelementptr inbounds %queue, ptr %q, i32 0, i32 7
  %spill = load ptr, ptr %f7
  %tail = getelementptr inbounds i64, ptr %big, i64 %cap
  %spilled = sub i64 %n, %cap
  call void @strata.copy_words(ptr %tail, ptr %spill, i64 %spilled)
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
  call void @strata.mem_free(ptr %spill)
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  %key = load ptr, ptr %f11
  %ordered = icmp ne ptr %key, null
  br i1 %ordered, label %buckets, label %end
buckets:
  call void @strata.ordered_free(ptr %q)
  br label %end
end:
  call void @strata.free(ptr %q)
  ret void
}

; Ordered queues: each held item has a bucket (field 13; -1: not held).
; Buckets are vectors of items in blocks (field 14), one per thread that
; places items (field 17 blocks): a window of 1024 buckets, from the
; bucket in field 15, then an overflow for the buckets beyond it, then
; the items the thread took out of the current bucket for itself. Pushes
; go to the next round's buffer as in a plain queue, and the advance gives
; each pushed item the bucket key[item] / delta, if that is lower than the
; one it is held in, and places it in block 0; or, where field 18 says so,
; each thread places its own pushes in its own block when it flushes them
; (the bucket lowered by an atomic minimum), which is the same where a key
; only falls and every fall is pushed. An item whose bucket is below the
; current one (field 16) goes to the current one. The advance then takes
; out the items, from every block, of the lowest bucket not below the
; current one whose bucket is still that one (or lower). When the window
; is spent, it moves to the lowest bucket of the overflows.

declare void @llvm.prefetch.p0(ptr, i32, i32, i32)

; A new ordered queue for items below `cap`, keyed by `key`; `eager`: each
; thread places its pushes when it flushes them.
define internal ptr @strata.ordered_queue_new(i64 %cap, ptr %key, i64 %delta, i1 %eager) {
entry:
  %positive = icmp sgt i64 %delta, 0
  br i1 %positive, label %ok, label %bad
bad:
  call void @strata.fail(ptr @.delta, i64 57)
  unreachable
ok:
  %q = call ptr @strata.queue_new(i64 %cap, i1 false)
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  store ptr %key, ptr %f11
  %f12 = getelementptr inbounds %queue, ptr %q, i32 0, i32 12
  store i64 %delta, ptr %f12
  %held = call ptr @strata.alloc(i64 %cap, i64 8, i1 false)
  call void @strata.mem_fill(ptr %held, i64 %cap, i64 -1)
  %f13 = getelementptr inbounds %queue, ptr %q, i32 0, i32 13
  store ptr %held, ptr %f13
  %threads = call i64 @strata.max_threads()
  %blocks = select i1 %eager, i64 %threads, i64 1
  %vecs = mul i64 %blocks, 1026
  %b = call ptr @strata.alloc(i64 %vecs, i64 24, i1 true)
  %f14 = getelementptr inbounds %queue, ptr %q, i32 0, i32 14
  store ptr %b, ptr %f14
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  store i64 %blocks, ptr %f17
  %e = zext i1 %eager to i64
  %f18 = getelementptr inbounds %queue, ptr %q, i32 0, i32 18
  store i64 %e, ptr %f18
  ret ptr %q
}

; The block of buckets `t`: 1024 vectors of the window, the overflow, the
; items taken.
define internal ptr @strata.ordered_block(ptr %q, i64 %t) {
  %f14 = getelementptr inbounds %queue, ptr %q, i32 0, i32 14
  %blocks = load ptr, ptr %f14
  %at = mul i64 %t, 1026
  %b = getelementptr inbounds %vec, ptr %blocks, i64 %at
  ret ptr %b
}

; Whether `item` may be pushed to an ordered queue: when it is in range
; (it is placed when the round ends).
define internal i1 @strata.ordered_claim(ptr %q, i64 %item) {
entry:
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %outside = icmp uge i64 %item, %cap
  br i1 %outside, label %range, label %inside
range:
  call void @strata.fail(ptr @.orange, i64 58)
  unreachable
inside:
  ret i1 true
}

; Appends `item` to the growable vector `v`.
define internal void @strata.vec_push(ptr %v, i64 %item) {
entry:
  %lenp = getelementptr inbounds %vec, ptr %v, i32 0, i32 1
  %capp = getelementptr inbounds %vec, ptr %v, i32 0, i32 2
  %len = load i64, ptr %lenp
  %cap = load i64, ptr %capp
  %full = icmp eq i64 %len, %cap
  br i1 %full, label %grow, label %put
grow:
  %twice = shl i64 %cap, 1
  %newcap = call i64 @llvm.umax.i64(i64 %twice, i64 64)
  %bytes = shl i64 %newcap, 3
  %p = call ptr @strata.mem_alloc(i64 %bytes)
  %null = icmp eq ptr %p, null
  br i1 %null, label %oom, label %grown
oom:
  call void @strata.fail(ptr @.oom, i64 41)
  unreachable
grown:
  %old = load ptr, ptr %v
  call void @strata.copy_words(ptr %p, ptr %old, i64 %len)
  %had = icmp ne ptr %old, null
  br i1 %had, label %release, label %install
release:
  call void @strata.mem_free(ptr %old)
  br label %install
install:
  store ptr %p, ptr %v
  store i64 %newcap, ptr %capp
  br label %put
put:
  %data = load ptr, ptr %v
  %at = getelementptr inbounds i64, ptr %data, i64 %len
  store i64 %item, ptr %at
  %len1 = add i64 %len, 1
  store i64 %len1, ptr %lenp
  ret void
}

; Puts `item`, held in bucket `b`, in the window or the overflow of
; `block` (a bucket below the current one counts as the current one).
define internal void @strata.ordered_place(ptr %q, ptr %block, i64 %item, i64 %b) {
entry:
  %f15 = getelementptr inbounds %queue, ptr %q, i32 0, i32 15
  %first = load i64, ptr %f15
  %f16 = getelementptr inbounds %queue, ptr %q, i32 0, i32 16
  %current = load i64, ptr %f16
  %at = call i64 @llvm.umax.i64(i64 %b, i64 %current)
  %slot = sub i64 %at, %first
  %inside = icmp ult i64 %slot, 1024
  %where = select i1 %inside, i64 %slot, i64 1024
  %v = getelementptr inbounds %vec, ptr %block, i64 %where
  call void @strata.vec_push(ptr %v, i64 %item)
  ret void
}

; The bucket of `item`: its key divided by delta (an error when negative).
define internal i64 @strata.ordered_bucket(ptr %key, i64 %delta, i64 %item) {
entry:
  %kp = getelementptr inbounds i64, ptr %key, i64 %item
  %k = load atomic i64, ptr %kp monotonic, align 8
  %negative = icmp slt i64 %k, 0
  br i1 %negative, label %neg, label %bucket
neg:
  call void @strata.fail(ptr @.negkey, i64 63)
  unreachable
bucket:
  %b = udiv i64 %k, %delta
  ret i64 %b
}

; Places this thread's `n` pushes at `buf` in its own block: each item
; whose bucket is below the one it is held in (lowered atomically). A
; thread without a block of its own adds them to the next round instead.
define internal void @strata.ordered_flush(ptr %q, ptr %buf, i64 %n) {
entry:
  %t = call i64 @strata.thread_slot()
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  %blocks = load i64, ptr %f17
  %own = icmp ult i64 %t, %blocks
  br i1 %own, label %start, label %shared
shared:
  %at = call i64 @strata.queue_reserve(ptr %q, i64 %n)
  call void @strata.queue_write(ptr %q, i64 %at, ptr %buf, i64 %n)
  ret void
start:
  %block = call ptr @strata.ordered_block(ptr %q, i64 %t)
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  %key = load ptr, ptr %f11
  %f12 = getelementptr inbounds %queue, ptr %q, i32 0, i32 12
  %delta = load i64, ptr %f12
  %f13 = getelementptr inbounds %queue, ptr %q, i32 0, i32 13
  %held = load ptr, ptr %f13
  br label %loop
loop:
  %i = phi i64 [ 0, %start ], [ %i1, %next ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %one, label %done
one:
  %ip = getelementptr inbounds i64, ptr %buf, i64 %i
  %item = load i64, ptr %ip
  %b = call i64 @strata.ordered_bucket(ptr %key, i64 %delta, i64 %item)
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %old = atomicrmw umin ptr %hp, i64 %b acq_rel
  %lower = icmp ult i64 %b, %old
  br i1 %lower, label %put, label %next
put:
  call void @strata.ordered_place(ptr %q, ptr %block, i64 %item, i64 %b)
  br label %next
next:
  %i1 = add i64 %i, 1
  br label %loop
done:
  ret void
}

; Places the pushed items (in block 0), then takes out the next bucket's.
define internal i1 @strata.ordered_advance(ptr %q) {
entry:
  %any = call i1 @strata.queue_turn(ptr %q)
  %f1 = getelementptr inbounds %queue, ptr %q, i32 0, i32 1
  %n = load i64, ptr %f1
  %items = load ptr, ptr %q
  %f13 = getelementptr inbounds %queue, ptr %q, i32 0, i32 13
  %held = load ptr, ptr %f13
  %f11 = getelementptr inbounds %queue, ptr %q, i32 0, i32 11
  %key = load ptr, ptr %f11
  %f12 = getelementptr inbounds %queue, ptr %q, i32 0, i32 12
  %delta = load i64, ptr %f12
  %block = call ptr @strata.ordered_block(ptr %q, i64 0)
  br label %place
place:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %one, label %take
one:
  ; The items' keys and buckets are far apart: ask for those of the item
  ; 16 places on while this one waits.
  %on = add i64 %i, 16
  %last = sub i64 %n, 1
  %ahead = call i64 @llvm.umin.i64(i64 %on, i64 %last)
  %ap = getelementptr inbounds i64, ptr %items, i64 %ahead
  %later = load i64, ptr %ap
  %lkp = getelementptr i64, ptr %key, i64 %later
  call void @llvm.prefetch.p0(ptr %lkp, i32 0, i32 3, i32 1)
  %lhp = getelementptr i64, ptr %held, i64 %later
  call void @llvm.prefetch.p0(ptr %lhp, i32 1, i32 3, i32 1)
  %ip = getelementptr inbounds i64, ptr %items, i64 %i
  %item = load i64, ptr %ip
  %b = call i64 @strata.ordered_bucket(ptr %key, i64 %delta, i64 %item)
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %old = load i64, ptr %hp
  %lower = icmp ult i64 %b, %old
  br i1 %lower, label %put, label %next
put:
  store i64 %b, ptr %hp
  call void @strata.ordered_place(ptr %q, ptr %block, i64 %item, i64 %b)
  br label %next
next:
  %i1 = add i64 %i, 1
  br label %place
take:
  %taken = call i64 @strata.ordered_take(ptr %q, ptr %items, ptr %held)
  store i64 %taken, ptr %f1
  %hdr = getelementptr inbounds i8, ptr %items, i64 -64
  store i64 %taken, ptr %hdr
  %some = icmp ne i64 %taken, 0
  ret i1 %some
}

; Moves the items of the bucket vector `v` still held in `bucket` (or
; lower) to `out` from place `k` on, marking them not held, and empties
; `v`; returns the place after the last one written.
define internal i64 @strata.ordered_drain(ptr %v, ptr %held, i64 %bucket, ptr %out, i64 %k0) {
entry:
  %lenp = getelementptr inbounds %vec, ptr %v, i32 0, i32 1
  %len = load i64, ptr %lenp
  %data = load ptr, ptr %v
  br label %entries
entries:
  %j = phi i64 [ 0, %entry ], [ %j1, %skip ], [ %j1, %keep ]
  %k = phi i64 [ %k0, %entry ], [ %k, %skip ], [ %k1, %keep ]
  %left = icmp ult i64 %j, %len
  br i1 %left, label %entry1, label %done
entry1:
  %on = add i64 %j, 16
  %last = sub i64 %len, 1
  %ahead = call i64 @llvm.umin.i64(i64 %on, i64 %last)
  %ap = getelementptr inbounds i64, ptr %data, i64 %ahead
  %later = load i64, ptr %ap
  %lhp = getelementptr i64, ptr %held, i64 %later
  call void @llvm.prefetch.p0(ptr %lhp, i32 1, i32 3, i32 1)
  %ep = getelementptr inbounds i64, ptr %data, i64 %j
  %item = load i64, ptr %ep
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %b = load i64, ptr %hp
  %j1 = add i64 %j, 1
  %due = icmp ule i64 %b, %bucket
  br i1 %due, label %keep, label %skip
keep:
  store i64 -1, ptr %hp
  %op = getelementptr inbounds i64, ptr %out, i64 %k
  store i64 %item, ptr %op
  %k1 = add i64 %k, 1
  br label %entries
skip:
  br label %entries
done:
  store i64 0, ptr %lenp
  ret i64 %k
}

; Moves the items still held in the lowest bucket of the window not below
; the current one, from every block, to `out` (marking them not held);
; returns how many, 0 when the windows and the overflows hold none.
define internal i64 @strata.ordered_take(ptr %q, ptr %out, ptr %held) {
entry:
  %f15 = getelementptr inbounds %queue, ptr %q, i32 0, i32 15
  %f16 = getelementptr inbounds %queue, ptr %q, i32 0, i32 16
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  %blocks = load i64, ptr %f17
  br label %scan
scan:
  %first = load i64, ptr %f15
  %current = load i64, ptr %f16
  %start = sub i64 %current, %first
  br label %slot
slot:
  %s = phi i64 [ %start, %scan ], [ %s1, %empty ]
  %inside = icmp ult i64 %s, 1024
  br i1 %inside, label %look, label %refill
look:
  %bucket = add i64 %first, %s
  br label %block
block:
  %t = phi i64 [ 0, %look ], [ %t1, %drain ]
  %k = phi i64 [ 0, %look ], [ %k1, %drain ]
  %more = icmp ult i64 %t, %blocks
  br i1 %more, label %drain, label %done
drain:
  %b = call ptr @strata.ordered_block(ptr %q, i64 %t)
  %v = getelementptr inbounds %vec, ptr %b, i64 %s
  %k1 = call i64 @strata.ordered_drain(ptr %v, ptr %held, i64 %bucket, ptr %out, i64 %k)
  %t1 = add i64 %t, 1
  br label %block
done:
  %found = icmp ne i64 %k, 0
  br i1 %found, label %found_it, label %empty
found_it:
  store i64 %bucket, ptr %f16
  ret i64 %k
empty:
  %s1 = add i64 %s, 1
  br label %slot
refill:
  %moved = call i1 @strata.ordered_refill(ptr %q, ptr %held)
  br i1 %moved, label %scan, label %none
none:
  ret i64 0
}

; The lowest bucket held by an item of the vector `v`, or `m` if lower.
define internal i64 @strata.ordered_lowest(ptr %v, ptr %held, i64 %m0) {
entry:
  %data = load ptr, ptr %v
  %lenp = getelementptr inbounds %vec, ptr %v, i32 0, i32 1
  %len = load i64, ptr %lenp
  br label %low
low:
  %i = phi i64 [ 0, %entry ], [ %i1, %low_next ]
  %m = phi i64 [ %m0, %entry ], [ %m1, %low_next ]
  %more = icmp ult i64 %i, %len
  br i1 %more, label %low_next, label %lowest
low_next:
  %ip = getelementptr inbounds i64, ptr %data, i64 %i
  %item = load i64, ptr %ip
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %b = load i64, ptr %hp
  %m1 = call i64 @llvm.umin.i64(i64 %m, i64 %b)
  %i1 = add i64 %i, 1
  br label %low
lowest:
  ret i64 %m
}

; Places the items of the overflow of `block` again, the window starting
; at bucket `m`: those held in it go to their bucket, those beyond stay,
; those no longer held are dropped.
define internal void @strata.ordered_replace(ptr %block, ptr %held, i64 %m) {
entry:
  %over = getelementptr inbounds %vec, ptr %block, i64 1024
  %data = load ptr, ptr %over
  %lenp = getelementptr inbounds %vec, ptr %over, i32 0, i32 1
  %len = load i64, ptr %lenp
  br label %again
again:
  %j = phi i64 [ 0, %entry ], [ %j1, %stay ], [ %j1, %window ], [ %j1, %one ]
  %k = phi i64 [ 0, %entry ], [ %k1, %stay ], [ %k, %window ], [ %k, %one ]
  %left = icmp ult i64 %j, %len
  br i1 %left, label %one, label %finish
one:
  %jp = getelementptr inbounds i64, ptr %data, i64 %j
  %item = load i64, ptr %jp
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %b = load i64, ptr %hp
  %j1 = add i64 %j, 1
  %gone = icmp eq i64 %b, -1
  br i1 %gone, label %again, label %where
where:
  %slot = sub i64 %b, %m
  %inside = icmp ult i64 %slot, 1024
  br i1 %inside, label %window, label %stay
window:
  %v = getelementptr inbounds %vec, ptr %block, i64 %slot
  call void @strata.vec_push(ptr %v, i64 %item)
  br label %again
stay:
  %kp = getelementptr inbounds i64, ptr %data, i64 %k
  store i64 %item, ptr %kp
  %k1 = add i64 %k, 1
  br label %again
finish:
  store i64 %k, ptr %lenp
  ret void
}

; Moves the window to the lowest bucket held in the overflows and places
; their items again; false when they hold none.
define internal i1 @strata.ordered_refill(ptr %q, ptr %held) {
entry:
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  %blocks = load i64, ptr %f17
  br label %low
low:
  %t = phi i64 [ 0, %entry ], [ %t1, %low_next ]
  %m = phi i64 [ -1, %entry ], [ %m1, %low_next ]
  %more = icmp ult i64 %t, %blocks
  br i1 %more, label %low_next, label %lowest
low_next:
  %b = call ptr @strata.ordered_block(ptr %q, i64 %t)
  %over = getelementptr inbounds %vec, ptr %b, i64 1024
  %m1 = call i64 @strata.ordered_lowest(ptr %over, ptr %held, i64 %m)
  %t1 = add i64 %t, 1
  br label %low
lowest:
  %nothing = icmp eq i64 %m, -1
  br i1 %nothing, label %empty, label %move
empty:
  br label %clear
clear:
  %c = phi i64 [ 0, %empty ], [ %c1, %clear_one ]
  %cmore = icmp ult i64 %c, %blocks
  br i1 %cmore, label %clear_one, label %none
clear_one:
  %cb = call ptr @strata.ordered_block(ptr %q, i64 %c)
  %cover = getelementptr inbounds %vec, ptr %cb, i64 1024
  %clenp = getelementptr inbounds %vec, ptr %cover, i32 0, i32 1
  store i64 0, ptr %clenp
  %c1 = add i64 %c, 1
  br label %clear
none:
  ret i1 false
move:
  %f15 = getelementptr inbounds %queue, ptr %q, i32 0, i32 15
  store i64 %m, ptr %f15
  %f16 = getelementptr inbounds %queue, ptr %q, i32 0, i32 16
  store i64 %m, ptr %f16
  br label %again
again:
  %r = phi i64 [ 0, %move ], [ %r1, %again_one ]
  %rmore = icmp ult i64 %r, %blocks
  br i1 %rmore, label %again_one, label %moved
again_one:
  %rb = call ptr @strata.ordered_block(ptr %q, i64 %r)
  call void @strata.ordered_replace(ptr %rb, ptr %held, i64 %m)
  %r1 = add i64 %r, 1
  br label %again
moved:
  ret i1 true
}

; Moves the items this thread placed in the current bucket, when there are
; fewer than `limit`, to the block's vector of taken items (each one whose
; bucket is still the current one or lower, marked not held: exchanged, as
; other threads may lower it meanwhile); returns how many (0 for a thread
; without a block, or a queue whose pushes are placed between rounds).
; The thread runs them in this round: bucket fusion.
define internal i64 @strata.ordered_take_own(ptr %q, i64 %limit) {
entry:
  %t = call i64 @strata.thread_slot()
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  %blocks = load i64, ptr %f17
  %f18 = getelementptr inbounds %queue, ptr %q, i32 0, i32 18
  %eager = load i64, ptr %f18
  %own = icmp ult i64 %t, %blocks
  %placed = icmp ne i64 %eager, 0
  %mine = and i1 %own, %placed
  br i1 %mine, label %look, label %none
look:
  %block = call ptr @strata.ordered_block(ptr %q, i64 %t)
  %taken = getelementptr inbounds %vec, ptr %block, i64 1025
  %tlenp = getelementptr inbounds %vec, ptr %taken, i32 0, i32 1
  store i64 0, ptr %tlenp
  %f15 = getelementptr inbounds %queue, ptr %q, i32 0, i32 15
  %first = load i64, ptr %f15
  %f16 = getelementptr inbounds %queue, ptr %q, i32 0, i32 16
  %current = load i64, ptr %f16
  %slot = sub i64 %current, %first
  %v = getelementptr inbounds %vec, ptr %block, i64 %slot
  %lenp = getelementptr inbounds %vec, ptr %v, i32 0, i32 1
  %len = load i64, ptr %lenp
  %some = icmp ne i64 %len, 0
  %few = icmp ult i64 %len, %limit
  %take = and i1 %some, %few
  br i1 %take, label %start, label %none
start:
  %data = load ptr, ptr %v
  %f13 = getelementptr inbounds %queue, ptr %q, i32 0, i32 13
  %held = load ptr, ptr %f13
  br label %entries
entries:
  %j = phi i64 [ 0, %start ], [ %j1, %next ]
  %left = icmp ult i64 %j, %len
  br i1 %left, label %one, label %done
one:
  %ep = getelementptr inbounds i64, ptr %data, i64 %j
  %item = load i64, ptr %ep
  %hp = getelementptr inbounds i64, ptr %held, i64 %item
  %b0 = load atomic i64, ptr %hp monotonic, align 8
  br label %try
try:
  %b = phi i64 [ %b0, %one ], [ %seen, %again ]
  %due = icmp ule i64 %b, %current
  br i1 %due, label %claim, label %next
claim:
  %r = cmpxchg ptr %hp, i64 %b, i64 -1 acq_rel monotonic
  %won = extractvalue { i64, i1 } %r, 1
  br i1 %won, label %keep, label %again
again:
  %seen = extractvalue { i64, i1 } %r, 0
  br label %try
keep:
  call void @strata.vec_push(ptr %taken, i64 %item)
  br label %next
next:
  %j1 = add i64 %j, 1
  br label %entries
done:
  store i64 0, ptr %lenp
  %n = load i64, ptr %tlenp
  ret i64 %n
none:
  ret i64 0
}

; The items the last @strata.ordered_take_own of this thread took.
define internal ptr @strata.ordered_own_items(ptr %q) {
  %t = call i64 @strata.thread_slot()
  %block = call ptr @strata.ordered_block(ptr %q, i64 %t)
  %taken = getelementptr inbounds %vec, ptr %block, i64 1025
  %data = load ptr, ptr %taken
  ret ptr %data
}

define internal void @strata.ordered_free(ptr %q) {
entry:
  %f13 = getelementptr inbounds %queue, ptr %q, i32 0, i32 13
  %held = load ptr, ptr %f13
  call void @strata.free(ptr %held)
  %f14 = getelementptr inbounds %queue, ptr %q, i32 0, i32 14
  %w = load ptr, ptr %f14
  %f17 = getelementptr inbounds %queue, ptr %q, i32 0, i32 17
  %blocks = load i64, ptr %f17
  %vecs = mul i64 %blocks, 1026
  br label %slot
slot:
  %s = phi i64 [ 0, %entry ], [ %s1, %slot ]
  %v = getelementptr inbounds %vec, ptr %w, i64 %s
  %data = load ptr, ptr %v
  call void @strata.mem_free(ptr %data)
  %s1 = add i64 %s, 1
  %more = icmp ult i64 %s1, %vecs
  br i1 %more, label %slot, label %rest
rest:
  call void @strata.free(ptr %w)
  ret void
}

; The phase profile (`strata_abi::profile`): `words` holds the master's
; last reading of the clock, then per site its total and its count. At a
; site the master adds the time since its last reading to the site's total
; and counts one; the other threads pass. `strata.profile_start` takes
; the first reading, when an entry starts.
define internal void @strata.profile_mark(ptr %words, i64 %site) {
entry:
  %master = call i1 @strata.profile_master()
  br i1 %master, label %mark, label %done
mark:
  %now = call i64 @strata.profile_clock()
  %last = load i64, ptr %words
  %spent = sub i64 %now, %last
  %twice = shl i64 %site, 1
  %at = add i64 %twice, 1
  %total_p = getelementptr inbounds i64, ptr %words, i64 %at
  %total = load i64, ptr %total_p
  %total2 = add i64 %total, %spent
  store i64 %total2, ptr %total_p
  %count_p = getelementptr inbounds i64, ptr %total_p, i64 1
  %count = load i64, ptr %count_p
  %count2 = add i64 %count, 1
  store i64 %count2, ptr %count_p
  store i64 %now, ptr %words
  br label %done
done:
  ret void
}

define internal void @strata.profile_start(ptr %words) {
  %now = call i64 @strata.profile_clock()
  store i64 %now, ptr %words
  ret void
}
