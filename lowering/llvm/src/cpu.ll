; The CPU's part of the run-time support: the C library and the OpenMP
; runtime (GOMP entry points, provided by libomp and libgomp).

declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare void @free(ptr)
declare i64 @write(i32, ptr, i64)
declare void @abort() noreturn

declare void @GOMP_parallel(ptr, ptr, i32, i32)
declare void @GOMP_barrier()
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare void @omp_set_num_threads(i32)
