/* bench_cpu.h: the pieces of gblas-bench's CPU runner: the OpenBLAS side (bench_cpu_ref.c,
 * bench_cpu_compose.c and the generated bench_routines_gen.c) and the ceilings measured on the
 * host (bench_cpu_ceiling.c). */
#ifndef GBLAS_BENCH_CPU_H
#define GBLAS_BENCH_CPU_H

#include <cblas.h>

#include "bench.h"

/* One OpenBLAS call of the case, writing out[BENCH_SIDE_REF] (bench_routines_gen.c). */
void bench_cblas_call(const bench_case *c, bench_buffers *b);
/* The OpenBLAS side of the routines CBLAS has no call of their form for, composed of OpenBLAS
 * calls (bench_cpu_compose.c). */
void bench_cblas_trmm(const bench_case *c, bench_buffers *b);
void bench_cblas_geam(const bench_case *c, bench_buffers *b);
void bench_cblas_dgmm(const bench_case *c, bench_buffers *b);
void bench_cblas_gemm_strided_batched(const bench_case *c, bench_buffers *b);
void bench_cblas_gemm_batched(const bench_case *c, bench_buffers *b);
void bench_cblas_trsm_batched(const bench_case *c, bench_buffers *b);
/* crot, zrot (complex s): LAPACK's CROT and ZROT, which OpenBLAS exports. */
void bench_cblas_rot_cz(const bench_case *c, bench_buffers *b);
enum CBLAS_TRANSPOSE bench_cblas_op(gblas_operation_t t); /* N or T */
enum CBLAS_UPLO bench_cblas_uplo(gblas_fill_mode_t u);
enum CBLAS_DIAG bench_cblas_diag(gblas_diag_type_t d);
enum CBLAS_SIDE bench_cblas_side(gblas_side_mode_t s);
void bench_cblas_set_threads(int threads);
const char *bench_cblas_config(void);
/* The core whose kernels OpenBLAS runs ("Haswell", "SkylakeX", ...). */
const char *bench_cblas_core(void);

/* Streaming read and scale-copy bandwidth over 256 MiB, and the FMA peak of a calibrated
 * loop in each precision, at the given thread count (shorter with quick). */
void bench_cpu_ceilings(int threads, int quick, bench_ceilings *out);
/* How long, in microseconds, an idle OpenMP worker keeps a core busy after a parallel region
 * of the given thread count ends (CPU time used by the process while its main thread sleeps). */
double bench_cpu_idle_spin_us(int threads);
/* The vector instruction set the FMA loop used: "avx512", "avx2" or "generic". */
const char *bench_cpu_fma_isa(void);

#endif /* GBLAS_BENCH_CPU_H */
