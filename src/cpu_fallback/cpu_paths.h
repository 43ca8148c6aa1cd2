/* cpu_paths.h: internals of the CPU backend shared by its files: the instruction-set levels and
 * their run-time choice, the layout of the workspace, the fixed-order reduction, GEMM's cache
 * blocking, and the fill of each translation unit (the reference's fills the ops table first;
 * a faster level then overrides the entries it implements, as BLIS's bli_cntx_init_<arch>
 * does). Seen only inside src/cpu_fallback. */
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
 * [0, PARTIAL_BYTES)                 reduction partials (DOT, NRM2, ASUM, IAMAX, IAMIN), one
 *                                    gblas_cpu_partial per chunk of GBLAS_CPU_CHUNK elements
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
/* One chunk's partial: DOT and ASUM its sum in [0], NRM2 Blue's three sums in [0..2], IAMAX and
 * IAMIN the chunk's best |x| in [0] and its index in [1] (-1: none). Held and added in double
 * whatever the element type: 2^25 floats near 2^52 square to a sum past float's range that
 * each chunk's sum is not. */
typedef double gblas_cpu_partial[4];
#define GBLAS_CPU_PARTIAL_BYTES ((size_t)GBLAS_CPU_PARTIAL_CHUNKS * sizeof(gblas_cpu_partial))
#define GBLAS_CPU_WORKSPACE_BYTES GBLAS_CPU_PARTIAL_BYTES

/* Terms of a long sum inside GEMV and GEMM (over n in GEMV N, m in GEMV T, k in GEMM) that
 * one accumulator takes before its sum is added to the running total, in a fixed order:
 * a single float accumulator per lane over 2^31 terms stops growing at 2^24, while blocks of
 * this many keep the error near (GBLAS_CPU_KBLOCK + k / GBLAS_CPU_KBLOCK) * eps. */
#define GBLAS_CPU_KBLOCK ((int64_t)4096)

/* Bytes a DOT reads from which it prefetches each line as it loads it (past L2 and most of a
 * shared L3; level1_reduce_body.h dot_chunk). */
#define GBLAS_CPU_STREAM_BYTES ((size_t)8 << 20)

/* Vector lengths from which level-1 routines split their chunks over ctx->num_threads threads;
 * the results never depend on the split. */
#define GBLAS_CPU_PARALLEL_MIN ((int64_t)1 << 16)

static inline gblas_cpu_partial *gblas_cpu_partials(gblas_ctx *ctx) { return ctx->workspace; }

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

/* ---- fixed-order reductions (cpu_reduce.c) ---------------------------------------------------
 * The n elements of a reduction are cut into chunks of GBLAS_CPU_CHUNK; chunks(arg, c0, c1, p)
 * writes the partial of each chunk c in [c0, c1) (elements [c * CHUNK, min(n, (c + 1) *
 * CHUNK))) to p[c - c0], whichever thread runs it. The partials are then combined in an order
 * fixed by the chunk count alone, so the result never depends on the thread count:
 *   SUM1, SUM3: each pass of up to GBLAS_CPU_PARTIAL_CHUNKS partials (widths 1 and 3) summed
 *               by a pairwise tree, passes added to the total in order;
 *   ARGMAX, ARGMIN: chunk after chunk, a partial replacing the total only when its [0] is
 *               strictly larger (smaller): the first index wins ties.
 * One chunk runs on the calling thread straight into total; more run over gblas_cpu_for's
 * threads (a run of consecutive chunks each) from GBLAS_CPU_PARALLEL_MIN elements on.
 * total[1] starts at -1 for ARGMAX/ARGMIN. */
/* Elements of chunk c of an n-element reduction or element-wise routine. */
static inline int64_t gblas_cpu_chunk_len(int64_t n, int64_t c) {
    const int64_t i0 = c * GBLAS_CPU_CHUNK;
    return n - i0 < GBLAS_CPU_CHUNK ? n - i0 : GBLAS_CPU_CHUNK;
}
#define GBLAS_CPU_CHUNKS(n) (((n) + GBLAS_CPU_CHUNK - 1) / GBLAS_CPU_CHUNK)
typedef enum {
    GBLAS_CPU_SUM1,
    GBLAS_CPU_SUM3,
    GBLAS_CPU_ARGMAX,
    GBLAS_CPU_ARGMIN
} gblas_cpu_combine;
typedef void gblas_cpu_chunks_fn(void *arg, int64_t c0, int64_t c1, gblas_cpu_partial *partial);
void gblas_cpu_reduce(gblas_ctx *ctx, int64_t n, gblas_cpu_combine how,
                      gblas_cpu_chunks_fn *chunks, void *arg, gblas_cpu_partial total);

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
/* Raises ops->workspace_min to the packing region of a GEMM of elem-byte elements that blocks
 * with b. */
void gblas_cpu_gemm_reserve(gblas_ops *ops, gblas_gemm_blocks b, size_t elem);

/* ---- the translation units: one per (level, type) ------------------------------------------
 * <t>_ref.c (t = s, d, c, z), <t>_avx2.c, <t>_avx512.c (t = s, d) each include type_<t>.h,
 * which names the element type T once, then the family bodies (*_body.h: static functions with
 * plain names, written once for every type and level; complex ones apart, as their arithmetic
 * is on pairs), and export only their fill: the reference's sets
 * every routine of its type (ref_fill_gen.h), a level's overrides the routines it implements
 * and raises ops->workspace_min to what they need. A level's fill runs only after the level
 * was found supported. */
void gblas_cpu_fill_ref_s(gblas_ops *ops);
void gblas_cpu_fill_ref_d(gblas_ops *ops);
void gblas_cpu_fill_ref_c(gblas_ops *ops); /* c_ref.c, z_ref.c: complex, reference only */
void gblas_cpu_fill_ref_z(gblas_ops *ops);
void gblas_cpu_fill_avx2_s(gblas_ops *ops);
void gblas_cpu_fill_avx2_d(gblas_ops *ops);
void gblas_cpu_fill_avx512_s(gblas_ops *ops);
void gblas_cpu_fill_avx512_d(gblas_ops *ops);

#endif /* GBLAS_CPU_PATHS_H */
