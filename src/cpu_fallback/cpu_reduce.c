/* cpu_reduce.c: the fixed-order chunked reduction behind every CPU reduction routine (DOT,
 * NRM2, ASUM, IAMAX, IAMIN, all levels and types): partials per chunk in the workspace,
 * combined in an order fixed by n alone (see cpu_paths.h). */
#include "cpu_paths.h"

/* One pass of chunks as its threads see it: `count` chunks from first_chunk, cut into
 * `shares` consecutive runs, one per thread. */
typedef struct {
    gblas_cpu_chunks_fn *chunks;
    void *arg;
    int64_t first_chunk, count, shares;
    gblas_cpu_partial *partial;
} reduce_pass;

/* A run of chunks in one call, so that a routine's chunk loop is inlined around its kernel
 * (a call per chunk through two function pointers cost ASUM 5% at 2^20 floats). */
static void reduce_share(void *arg, int64_t s) {
    const reduce_pass *p = arg;
    const int64_t c0 = p->count * s / p->shares, c1 = p->count * (s + 1) / p->shares;
    if (c1 > c0) p->chunks(p->arg, p->first_chunk + c0, p->first_chunk + c1, p->partial + c0);
}

/* Whether partial p beats the best so far (index best[1] < 0: none yet). A chunk without a
 * candidate (all NaN) has index -1 and never wins. */
static int takes_over(gblas_cpu_combine how, const double *p, const double *best) {
    if (p[1] < 0) return 0;
    if (best[1] < 0) return 1;
    return how == GBLAS_CPU_ARGMAX ? p[0] > best[0] : p[0] < best[0];
}

void gblas_cpu_reduce(gblas_ctx *ctx, int64_t n, gblas_cpu_combine how,
                      gblas_cpu_chunks_fn *chunks, void *arg, gblas_cpu_partial total) {
    const int sum = how == GBLAS_CPU_SUM1 || how == GBLAS_CPU_SUM3;
    const int width = how == GBLAS_CPU_SUM3 ? 3 : 1;
    const int64_t nchunks = (n + GBLAS_CPU_CHUNK - 1) / GBLAS_CPU_CHUNK;
    for (int w = 0; w < 4; w++) total[w] = 0;
    if (!sum) total[1] = -1;
    if (nchunks == 1) { /* the chunk's partial is the total (a sum's 0 + s is s) */
        chunks(arg, 0, 1, (gblas_cpu_partial *)total);
        return;
    }
    const int parallel = n >= GBLAS_CPU_PARALLEL_MIN;
    const int64_t threads = parallel ? gblas_cpu_threads(ctx) : 1;
    reduce_pass p = {.chunks = chunks, .arg = arg, .partial = gblas_cpu_partials(ctx)};
    for (int64_t c0 = 0; c0 < nchunks; c0 += GBLAS_CPU_PARTIAL_CHUNKS) {
        const int64_t pass = nchunks - c0 < GBLAS_CPU_PARTIAL_CHUNKS ? nchunks - c0
                                                                     : GBLAS_CPU_PARTIAL_CHUNKS;
        p.first_chunk = c0;
        p.count = pass;
        p.shares = pass < threads ? pass : threads;
        gblas_cpu_for(ctx, p.shares, parallel, reduce_share, &p);
        if (sum) {
            /* A fixed pairwise tree: rounding error grows with log2(pass), not with pass. */
            for (int64_t step = 1; step < pass; step *= 2)
                for (int64_t c = 0; c + step < pass; c += 2 * step)
                    for (int w = 0; w < width; w++) p.partial[c][w] += p.partial[c + step][w];
            for (int w = 0; w < width; w++) total[w] += p.partial[0][w];
        } else {
            for (int64_t c = 0; c < pass; c++)
                if (takes_over(how, p.partial[c], total)) {
                    total[0] = p.partial[c][0];
                    total[1] = p.partial[c][1];
                }
        }
    }
}
