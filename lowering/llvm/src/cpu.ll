; The CPU's part of the run-time support: the C library and the OpenMP
; runtime (GOMP entry points, provided by libomp and libgomp).

declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare void @free(ptr)
declare i64 @write(i32, ptr, i64)
declare void @abort() noreturn
declare i32 @dprintf(i32, ptr, ...)

; Stops the program with a message holding two numbers: `fmt` is a printf
; format with two %lld conversions (and no other).
define internal void @strata.fail_values(ptr %fmt, i64 %a, i64 %b) noreturn cold {
  %r = call i32 (i32, ptr, ...) @dprintf(i32 2, ptr %fmt, i64 %a, i64 %b)
  call void @abort()
  unreachable
}

declare void @GOMP_parallel(ptr, ptr, i32, i32)
declare void @GOMP_barrier()
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare void @omp_set_num_threads(i32)
