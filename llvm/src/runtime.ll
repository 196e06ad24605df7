; Run-time support linked into every CPU module: buffers with a length
; header, double-buffered work queues, and fatal errors. The layout is the
; one strata_cpu::abi describes; every function is internal and inlined
; where it pays.

%queue = type { ptr, i64, ptr, i64, ptr, i64, i64 }

declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare void @free(ptr)
declare i64 @write(i32, ptr, i64)
declare void @abort() noreturn

; The OpenMP runtime (GOMP entry points, provided by libomp and libgomp).
declare void @GOMP_parallel(ptr, ptr, i32, i32)
declare void @GOMP_barrier()
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare void @omp_set_num_threads(i32)

@.oom = private constant [47 x i8] c"error: out of memory allocating a CPU buffer\0A\00\00"
@.range = private constant [58 x i8] c"error: an item pushed to a unique queue is out of range\0A\00\00"
@.overflow = private constant [52 x i8] c"error: a work queue received more items than fit\0A\00\00\00"

define internal void @strata.fail(ptr %msg, i64 %len) noreturn cold {
  %w = call i64 @write(i32 2, ptr %msg, i64 %len)
  call void @abort()
  unreachable
}

; n elements of `size` bytes after a 64-byte header whose first word is n.
define internal ptr @strata.alloc(i64 %n, i64 %size, i1 %zero) {
entry:
  %bytes = mul i64 %n, %size
  %total = add i64 %bytes, 64
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
  call void @strata.fail(ptr @.oom, i64 45)
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
;   (unique queues; null otherwise), round, capacity }
define internal ptr @strata.queue_new(i64 %cap, i1 %unique) {
entry:
  %q = call ptr @strata.alloc(i64 1, i64 56, i1 true)
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

; Whether `item` should be pushed: always for plain queues; for unique
; ones, if this round has not pushed it yet (claimed by exchanging its stamp).
define internal i1 @strata.queue_claim(ptr %q, i64 %item) {
entry:
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

; Reserves `n` places in the next round; returns the first.
define internal i64 @strata.queue_reserve(ptr %q, i64 %n) {
entry:
  %f3 = getelementptr inbounds %queue, ptr %q, i32 0, i32 3
  %at = atomicrmw add ptr %f3, i64 %n monotonic
  %end = add i64 %at, %n
  %f6 = getelementptr inbounds %queue, ptr %q, i32 0, i32 6
  %cap = load i64, ptr %f6
  %full = icmp ugt i64 %end, %cap
  br i1 %full, label %overflow, label %ok
overflow:
  call void @strata.fail(ptr @.overflow, i64 49)
  unreachable
ok:
  ret i64 %at
}

define internal void @strata.queue_push(ptr %q, i64 %item) {
entry:
  %want = call i1 @strata.queue_claim(ptr %q, i64 %item)
  br i1 %want, label %push, label %done
push:
  %at = call i64 @strata.queue_reserve(ptr %q, i64 1)
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %p = getelementptr inbounds i64, ptr %next, i64 %at
  store i64 %item, ptr %p
  br label %done
done:
  ret void
}

; A thread's pushes gather in a buffer of 64 (`buf`, `count` items) and go
; to the next round 64 at a time: one atomic add per 64 pushes.
define internal void @strata.queue_push_local(ptr %q, i64 %item, ptr %buf, ptr %count) {
entry:
  %want = call i1 @strata.queue_claim(ptr %q, i64 %item)
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
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %dst = getelementptr inbounds i64, ptr %next, i64 %at
  %bytes = mul i64 %n, 8
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %buf, i64 %bytes, i1 false)
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

; Makes the pushes the current round; true when there are any.
define internal i1 @strata.queue_advance(ptr %q) {
  %cur = load ptr, ptr %q
  %f2 = getelementptr inbounds %queue, ptr %q, i32 0, i32 2
  %next = load ptr, ptr %f2
  %f3 = getelementptr inbounds %queue, ptr %q, i32 0, i32 3
  %n = load i64, ptr %f3
  store ptr %next, ptr %q
  store ptr %cur, ptr %f2
  %f1 = getelementptr inbounds %queue, ptr %q, i32 0, i32 1
  store i64 %n, ptr %f1
  store i64 0, ptr %f3
  %hdr = getelementptr inbounds i8, ptr %next, i64 -64
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
  call void @strata.free(ptr %q)
  ret void
}
