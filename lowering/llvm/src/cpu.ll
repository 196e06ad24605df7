; The CPU's part of the run-time support: the C library and the OpenMP
; runtime (GOMP entry points, provided by libomp and libgomp).

declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare void @free(ptr)
declare i64 @write(i32, ptr, i64)
declare void @abort() noreturn
declare i32 @dprintf(i32, ptr, ...)

; Memory of the run-time support: the C library's.
define internal ptr @strata.mem_alloc(i64 %bytes) {
  %p = call ptr @malloc(i64 %bytes)
  ret ptr %p
}

define internal ptr @strata.mem_zalloc(i64 %bytes) {
  %p = call ptr @calloc(i64 %bytes, i64 1)
  ret ptr %p
}

define internal void @strata.mem_free(ptr %p) {
  call void @free(ptr %p)
  ret void
}

; Fills `words` 64-bit words at `p` with `pattern`.
define internal void @strata.mem_fill(ptr %p, i64 %words, i64 %pattern) {
  call void @strata.fill_strided(ptr %p, i64 0, i64 1, i64 %words, i64 %pattern)
  ret void
}

; Stops the program with a message holding two numbers: `fmt` is a printf
; format with two %lld conversions (and no other).
define internal void @strata.fail_values(ptr %fmt, i64 %a, i64 %b) noreturn cold {
  %r = call i32 (i32, ptr, ...) @dprintf(i32 2, ptr %fmt, i64 %a, i64 %b)
  call void @abort()
  unreachable
}

; The profile's clock and master (`strata.profile_mark`): the monotonic
; clock in nanoseconds, and thread 0 of the team (the thread that runs the
; code outside regions; outside a team, that thread itself).
declare i32 @clock_gettime(i32, ptr)

define internal i64 @strata.profile_clock() {
  %ts = alloca [2 x i64]
  %r = call i32 @clock_gettime(i32 1, ptr %ts)
  %s = load i64, ptr %ts
  %np = getelementptr inbounds i64, ptr %ts, i64 1
  %ns = load i64, ptr %np
  %sn = mul i64 %s, 1000000000
  %t = add i64 %sn, %ns
  ret i64 %t
}

define internal i1 @strata.profile_master() {
  %t = call i32 @omp_get_thread_num()
  %m = icmp eq i32 %t, 0
  ret i1 %m
}

declare void @GOMP_parallel(ptr, ptr, i32, i32)
declare void @GOMP_barrier()
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare void @omp_set_num_threads(i32)
declare i32 @omp_get_max_threads()

; This thread's number in its team.
define internal i64 @strata.thread_slot() {
  %t = call i32 @omp_get_thread_num()
  %t64 = zext i32 %t to i64
  ret i64 %t64
}

; The most threads a team of this program has: the team running now, or
; the one the next region starts.
define internal i64 @strata.max_threads() {
  %m = call i32 @omp_get_max_threads()
  %n = call i32 @omp_get_num_threads()
  %most = call i32 @llvm.umax.i32(i32 %m, i32 %n)
  %most64 = zext i32 %most to i64
  ret i64 %most64
}

declare i32 @llvm.umax.i32(i32, i32)

; A team kept across the parallel regions of one call of an entry (see
; `strata.call_on_team`): the region it runs next (null once the entry has
; returned) and that region's frame. Set by the master, read by the other
; threads of the team after the barrier that follows.
@strata.team_region = internal global ptr null
@strata.team_frame = internal global ptr null
; Whether the code running outside parallel regions is the master of a
; kept team.
@strata.team_kept = internal global i1 false

; Runs the outlined region `fn` with `frame` on every thread of a team: on
; the kept team, between two barriers, when there is one; otherwise on a
; team started for it.
define internal void @strata.run_region(ptr %fn, ptr %frame) {
entry:
  %kept = load i1, ptr @strata.team_kept
  br i1 %kept, label %on_kept, label %own
on_kept:
  store ptr %frame, ptr @strata.team_frame
  store ptr %fn, ptr @strata.team_region
  call void @GOMP_barrier()
  call void %fn(ptr %frame)
  call void @GOMP_barrier()
  ret void
own:
  call void @GOMP_parallel(ptr %fn, ptr %frame, i32 0, i32 0)
  ret void
}

; The body of a kept team; `call` holds the entry's body, its arguments
; and its results. Thread 0 (the master) runs the body, whose regions
; (`strata.run_region`) the others run with it; when the body returns it
; names no region and the others leave.
define internal void @strata.team_body(ptr %call) {
entry:
  %tid = call i32 @omp_get_thread_num()
  %master = icmp eq i32 %tid, 0
  br i1 %master, label %run, label %wait
run:
  %fn = load ptr, ptr %call
  %ap = getelementptr inbounds ptr, ptr %call, i64 1
  %args = load ptr, ptr %ap
  %rp = getelementptr inbounds ptr, ptr %call, i64 2
  %results = load ptr, ptr %rp
  store i1 true, ptr @strata.team_kept
  call void %fn(ptr %args, ptr %results)
  store i1 false, ptr @strata.team_kept
  store ptr null, ptr @strata.team_region
  call void @GOMP_barrier()
  ret void
wait:
  call void @GOMP_barrier()
  %region = load ptr, ptr @strata.team_region
  %frame = load ptr, ptr @strata.team_frame
  %done = icmp eq ptr %region, null
  br i1 %done, label %leave, label %work
work:
  call void %region(ptr %frame)
  call void @GOMP_barrier()
  br label %wait
leave:
  ret void
}

; Calls `fn(args, results)`, an entry's body, with one team kept across
; all its parallel regions: each region costs two barriers instead of a
; team's start and end.
define internal void @strata.call_on_team(ptr %fn, ptr %args, ptr %results) {
entry:
  %call = alloca [3 x ptr]
  store ptr %fn, ptr %call
  %ap = getelementptr inbounds ptr, ptr %call, i64 1
  store ptr %args, ptr %ap
  %rp = getelementptr inbounds ptr, ptr %call, i64 2
  store ptr %results, ptr %rp
  call void @GOMP_parallel(ptr @strata.team_body, ptr %call, i32 0, i32 0)
  ret void
}
