/* cpu_paths.h: internals of the CPU backend shared by its files: the instruction-set levels and
 * their run-time choice, the layout of the workspace, and the reference routines that fill the
 * ops table first (a faster level then overrides the entries it implements, as BLIS's
 * bli_cntx_init_<arch> does). Seen only inside src/cpu_fallback. */
#ifndef GBLAS_CPU_PATHS_H
#define GBLAS_CPU_PATHS_H

#include <math.h>

#include "backend.h"

/* Instruction-set levels, each a superset of the one before. */
typedef enum {
    GBLAS_CPU_LEVEL_REFERENCE = 0, /* portable C */
    GBLAS_CPU_LEVEL_AVX2 = 1,      /* AVX2 + FMA, ymm state saved by the OS */
    GBLAS_CPU_LEVEL_AVX512 = 2     /* AVX-512 F/VL/DQ, zmm and opmask state saved by the OS */
} gblas_cpu_level_t;

/* "reference", "avx2", "avx512": the spelling GBLAS_CPU_PATH and ctx->detail use. */
const char *gblas_cpu_level_name(gblas_cpu_level_t level);

/* The level to run: the one GBLAS_CPU_PATH forces, else the best this host runs. Returns
 * INVALID_VALUE for an unknown GBLAS_CPU_PATH, NOT_SUPPORTED when it forces a level the host
 * cannot run (ctx->msg says which). */
gblas_status_t gblas_cpu_select_level(gblas_ctx *ctx, gblas_cpu_level_t *level);

/* Fills the routine entries of ops: reference first, then the given level's overrides. */
void gblas_cpu_fill_routines(gblas_ops *ops, gblas_cpu_level_t level);

/* ---- workspace layout (ctx->workspace, GBLAS_WORKSPACE_ALIGN aligned) -------------------------
 * [0, PARTIAL_BYTES)                 reduction partials of DOT and NRM2, one slot of up to
 *                                    4 doubles per chunk of GBLAS_CPU_CHUNK elements
 * [PARTIAL_BYTES, workspace_bytes)   the AVX paths' packing region: GEMM's shared B panel, then
 *                                    one A block per thread (gblas_cpu_gemm_reserve); GEMV T
 *                                    gathers a strided x there
 * A reduction over more than GBLAS_CPU_PARTIAL_CHUNKS chunks runs in passes of that many chunks,
 * each pass's partials added to the running total in chunk order. The reference routines need
 * the partials only (GBLAS_CPU_WORKSPACE_BYTES); each AVX level's fill raises workspace_min. */
/* 16384 elements: each chunk ends in a loop exit, a horizontal sum and a partial written back,
 * which at 4096 cost DOT 5-8% in cache against OpenBLAS's single loop */
#define GBLAS_CPU_CHUNK ((int64_t)16384)
#define GBLAS_CPU_PARTIAL_CHUNKS ((int64_t)16384)
#define GBLAS_CPU_PARTIAL_BYTES ((size_t)GBLAS_CPU_PARTIAL_CHUNKS * 4 * sizeof(double))
#define GBLAS_CPU_WORKSPACE_BYTES GBLAS_CPU_PARTIAL_BYTES

/* Bytes a DOT reads from which it prefetches each line as it loads it (past L2 and most of a
 * shared L3; level1_body.h DOT_CHUNK). */
#define GBLAS_CPU_STREAM_BYTES ((size_t)8 << 20)

/* Vector lengths from which level-1 routines split their chunks over ctx->num_threads threads;
 * the results never depend on the split. */
#define GBLAS_CPU_PARALLEL_MIN ((int64_t)1 << 16)

static inline void *gblas_cpu_partials(gblas_ctx *ctx) { return ctx->workspace; }

static inline void *gblas_cpu_pack_region(gblas_ctx *ctx) {
    return (char *)ctx->workspace + GBLAS_CPU_PARTIAL_BYTES;
}
static inline size_t gblas_cpu_pack_region_bytes(const gblas_ctx *ctx) {
    return ctx->workspace_bytes - GBLAS_CPU_PARTIAL_BYTES;
}

/* Blue's constants, as nrm2.f90 (reference BLAS 3.10) derives them from the type's minimum
 * exponent emin, maximum exponent emax and digits t (float: -125, 128, 24; double: -1021, 1024,
 * 53). Values below TSML are summed scaled up by SSML, above TBIG scaled down by SBIG:
 *   TSML = 2^ceil((emin - 1) / 2), TBIG = 2^floor((emax - t + 1) / 2),
 *   SSML = 2^-floor((emin - t) / 2), SBIG = 2^-ceil((emax + t - 1) / 2). */
#define GBLAS_BLUE_TSML_F 0x1p-63f
#define GBLAS_BLUE_TBIG_F 0x1p52f
#define GBLAS_BLUE_SSML_F 0x1p75f
#define GBLAS_BLUE_SBIG_F 0x1p-76f
#define GBLAS_BLUE_TSML_D 0x1p-511
#define GBLAS_BLUE_TBIG_D 0x1p486
#define GBLAS_BLUE_SSML_D 0x1p537
#define GBLAS_BLUE_SBIG_D 0x1p-538

/* Joins Blue's three sums of squares (small values scaled up by ssml, medium ones, big ones
 * scaled down by sbig) into the norm, as nrm2.f90 does: a big sum makes the small ones
 * negligible; small and medium sums are joined without squaring the ratio's inverse. Float
 * sums are joined in double, which is exact for their range. */
static inline double gblas_blue_join(double asml, double amed, double abig, double ssml,
                                     double sbig) {
    double scl = 1, sumsq = amed;
    if (abig > 0) {
        if (amed > 0 || amed != amed) abig += (amed * sbig) * sbig;
        scl = 1 / sbig;
        sumsq = abig;
    } else if (asml > 0) {
        if (amed > 0 || amed != amed) {
            amed = sqrt(amed);
            asml = sqrt(asml) / ssml;
            const double ymin = asml > amed ? amed : asml, ymax = asml > amed ? asml : amed;
            sumsq = ymax * ymax * (1 + (ymin / ymax) * (ymin / ymax));
        } else {
            scl = 1 / ssml;
            sumsq = asml;
        }
    }
    return scl * sqrt(sumsq);
}

/* Threads a routine may start: the handle's count, or 1 when the caller already runs inside an
 * OpenMP parallel region (its threads are busy: no nested team, no oversubscription). */
int gblas_cpu_threads(const gblas_ctx *ctx);

/* Runs body(arg, i) for i = 0 .. count - 1: shared out over gblas_cpu_threads(ctx) threads
 * (static schedule) when `parallel`, else in order on the calling thread without entering the
 * OpenMP runtime, whose team set-up costs a third of a microsecond even for one thread. */
void gblas_cpu_for(const gblas_ctx *ctx, int64_t count, int parallel,
                   void (*body)(void *arg, int64_t i), void *arg);

/* ---- GEMM cache blocking (gemm_blocking.c) ----------------------------------------------------
 * kc: depth of the packed panels; mc: rows of one thread's packed A block; nc: columns of the
 * shared packed B panel. Derived from the cache sizes cpuid reports, for a micro-tile of
 * mr x nr elements of elem bytes. */
typedef struct {
    int64_t mc, kc, nc;
} gblas_gemm_blocks;

gblas_gemm_blocks gblas_cpu_gemm_blocks(int mr, int nr, size_t elem);
/* Bytes of one packed panel of rows x cols elements, rounded up to GBLAS_WORKSPACE_ALIGN. */
size_t gblas_cpu_gemm_panel_bytes(int64_t rows, int64_t cols, size_t elem);
/* Raises ops->workspace_min to the packing region of a level whose single and double
 * precision GEMMs block with s and d. */
void gblas_cpu_gemm_reserve(gblas_ops *ops, gblas_gemm_blocks s, gblas_gemm_blocks d);

/* ---- instruction-set levels: each fill overrides the entries of ops its family implements
 * and raises ops->workspace_min to what those need (gemm_<level>.c, gemv_<level>.c,
 * level1_<level>.c). Called only after the level was found supported. */
/* GEMV of each level (gemv_<level>.c), also behind GEMM with one row or one column. */
gblas_status_t gblas_avx2_sgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                                const float *alpha, const float *A, int64_t lda, const float *x,
                                int64_t incx, const float *beta, float *y, int64_t incy);
gblas_status_t gblas_avx2_dgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                                const double *alpha, const double *A, int64_t lda,
                                const double *x, int64_t incx, const double *beta, double *y,
                                int64_t incy);
gblas_status_t gblas_avx512_sgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                                  const float *alpha, const float *A, int64_t lda,
                                  const float *x, int64_t incx, const float *beta, float *y,
                                  int64_t incy);
gblas_status_t gblas_avx512_dgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                                  const double *alpha, const double *A, int64_t lda,
                                  const double *x, int64_t incx, const double *beta,
                                  double *y, int64_t incy);
/* Each <family>_<level>.c includes its simd_<level>.h, defines CPU_ISA (avx2, avx512) and its
 * tuning, then <family>_instances.h, which instantiates the family's body for float and double
 * and names the external entry points CPU_ISA_NAME(x) = gblas_<CPU_ISA>_x. */
#define GBLAS_CPU_CAT3_(a, b, c) a##b##c
#define GBLAS_CPU_CAT3(a, b, c) GBLAS_CPU_CAT3_(a, b, c)
#define CPU_ISA_NAME(name) GBLAS_CPU_CAT3(gblas_, CPU_ISA, _##name)
void gblas_avx2_fill_level1(gblas_ops *ops);
void gblas_avx2_fill_gemv(gblas_ops *ops);
void gblas_avx2_fill_gemm(gblas_ops *ops);
void gblas_avx512_fill_level1(gblas_ops *ops);
void gblas_avx512_fill_gemv(gblas_ops *ops);
void gblas_avx512_fill_gemm(gblas_ops *ops);

/* ---- reference routines (ref_level1.c, ref_gemv.c, ref_gemm.c): the ops signatures ---------- */
/* The reference's per-chunk sums, element by element for any stride; the vector paths use them
 * for non-unit strides. */
float gblas_ref_sdot_chunk(const float *x, int64_t incx, const float *y, int64_t incy,
                           int64_t len);
double gblas_ref_ddot_chunk(const double *x, int64_t incx, const double *y, int64_t incy,
                            int64_t len);
void gblas_ref_snrm2_chunk(const float *x, int64_t incx, int64_t len, float acc[3]);
void gblas_ref_dnrm2_chunk(const double *x, int64_t incx, int64_t len, double acc[3]);

gblas_status_t gblas_ref_sdot(gblas_ctx *ctx, int64_t n, const float *x, int64_t incx,
                              const float *y, int64_t incy, float *result);
gblas_status_t gblas_ref_ddot(gblas_ctx *ctx, int64_t n, const double *x, int64_t incx,
                              const double *y, int64_t incy, double *result);
gblas_status_t gblas_ref_snrm2(gblas_ctx *ctx, int64_t n, const float *x, int64_t incx,
                               float *result);
gblas_status_t gblas_ref_dnrm2(gblas_ctx *ctx, int64_t n, const double *x, int64_t incx,
                               double *result);
gblas_status_t gblas_ref_saxpy(gblas_ctx *ctx, int64_t n, const float *alpha, const float *x,
                               int64_t incx, float *y, int64_t incy);
gblas_status_t gblas_ref_daxpy(gblas_ctx *ctx, int64_t n, const double *alpha, const double *x,
                               int64_t incx, double *y, int64_t incy);
gblas_status_t gblas_ref_sscal(gblas_ctx *ctx, int64_t n, const float *alpha, float *x,
                               int64_t incx);
gblas_status_t gblas_ref_dscal(gblas_ctx *ctx, int64_t n, const double *alpha, double *x,
                               int64_t incx);
gblas_status_t gblas_ref_scopy(gblas_ctx *ctx, int64_t n, const float *x, int64_t incx,
                               float *y, int64_t incy);
gblas_status_t gblas_ref_dcopy(gblas_ctx *ctx, int64_t n, const double *x, int64_t incx,
                               double *y, int64_t incy);
gblas_status_t gblas_ref_sgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                               const float *alpha, const float *A, int64_t lda, const float *x,
                               int64_t incx, const float *beta, float *y, int64_t incy);
gblas_status_t gblas_ref_dgemv(gblas_ctx *ctx, gblas_operation_t trans, int64_t m, int64_t n,
                               const double *alpha, const double *A, int64_t lda,
                               const double *x, int64_t incx, const double *beta, double *y,
                               int64_t incy);
gblas_status_t gblas_ref_sgemm(gblas_ctx *ctx, gblas_operation_t transa,
                               gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                               const float *alpha, const float *A, int64_t lda, const float *B,
                               int64_t ldb, const float *beta, float *C, int64_t ldc);
gblas_status_t gblas_ref_dgemm(gblas_ctx *ctx, gblas_operation_t transa,
                               gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                               const double *alpha, const double *A, int64_t lda,
                               const double *B, int64_t ldb, const double *beta, double *C,
                               int64_t ldc);

#endif /* GBLAS_CPU_PATHS_H */
