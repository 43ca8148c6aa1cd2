/* gemm_driver_body.h: GEMM's five loops (BLIS) around the micro-kernel, their OpenMP split and
 * the small-matrix path, for one element type (type_<t>.h) with the tiles and tuning of the
 * level's tuning_<level>.h. Included by <t>_avx2.c and <t>_avx512.c after gemv_body.h (GEMM
 * with one row or column is a GEMV), gemm_kernel_body.h and gemm_pack_body.h.
 *   loop 5  jc: nc columns of C and op(B)
 *   loop 4  pc: kc of the depth; op(B)(pc.., jc..) packed into the shared B panel
 *   loop 3  ic: mc rows of this thread's share; op(A)(ic.., pc..) packed into its A block
 *   loop 2  jr: NR columns (one sliver of the B panel, reused by every tile down the block)
 *   loop 1  ir: MR rows (one sliver of the A block): one micro-tile
 * Blocks and tiles at the edges shrink to what is left; see gemm_blocking.c for the sizes. */

/* [lo, hi) of `count` items cut into `parts` near-equal consecutive pieces: piece `index`. */
static inline void split_range(int64_t count, int parts, int index, int64_t *lo, int64_t *hi) {
    *lo = parts == 1 ? 0 : count * index / parts;
    *hi = parts == 1 ? count : count * (index + 1) / parts;
}

/* Small-matrix path: an operand is read in place when the micro-tiles reusing it cover at most
 * GEMM_IN_PLACE_BYTES of C (`reuse` elements), unless its columns lie a multiple of 4 KiB
 * apart: all of them then map to the same few L1 sets and evict each other. A, read a vector
 * per column and step, is packed then; B, whose broadcast lines serve 64 bytes of steps each,
 * only when it is small (packing a large B costs a pass through memory that the conflicts do
 * not). A in place also needs op(A) = A, whose micro-panels are unit-stride vectors. */
static inline int gemm_in_place(int64_t reuse, int64_t ld, size_t elem, size_t operand_bytes) {
    const int conflicts = (size_t)ld * elem % 4096 == 0 && operand_bytes <= GEMM_CONFLICT_BYTES;
    return (size_t)reuse * elem <= GEMM_IN_PLACE_BYTES && !conflicts;
}

/* count cut into ceil(count / max) near-equal blocks, each rounded up to a multiple of unit. */
static inline int64_t balanced_block(int64_t count, int64_t max, int64_t unit) {
    const int64_t blocks = count <= max ? 1 : (count + max - 1) / max;
    const int64_t per = blocks == 1 ? count : (count + blocks - 1) / blocks;
    const int64_t size = (per + unit - 1) / unit * unit;
    return size < max ? size : max;
}

#define MR (MR_V * VL)

/* Cache blocks of this type for this level's tiles, derived once from the cache sizes. */
static gblas_gemm_blocks gemm_blocks;
static once_flag gemm_blocks_once = ONCE_FLAG_INIT;
static void gemm_blocks_init(void) { gemm_blocks = gblas_cpu_gemm_blocks(MR, NR, sizeof(T)); }

/* One call, as every thread sees it. op(A)(i, l) = A[i * a_rs + l * a_cs],
 * op(B)(l, j) = B[l * b_rs + j * b_cs]. */
typedef struct {
    int64_t m, n, k, ldc;
    T alpha, beta;
    const T *A, *B;
    T *C;
    int64_t a_rs, a_cs, b_rs, b_cs;
    int64_t mc, kc, nc;   /* block sizes of this call (kc and nc balanced over k and n) */
    int pack_a, pack_b;   /* 0: the kernel reads the operand in place */
    T *b_panel, *a_blocks; /* shared B panel; one A block of a_slot elements per thread */
    int64_t a_slot;
} gemm_call;

/* The split of nthreads into tm row groups by tn column groups that minimises the largest
 * share of C (groups take whole micro-tiles; the largest has ceil(tiles / groups) of them);
 * ties go to more row groups, which share the B panel instead of packing one A block twice. */
static void gemm_grid(const gemm_call *g, int nthreads, int *tm, int *tn) {
    const int64_t mt = (g->m + MR - 1) / MR, nt = (g->n + NR - 1) / NR;
    int64_t best = INT64_MAX;
    for (int rows = nthreads; rows >= 1; rows--) {
        if (nthreads % rows != 0) continue;
        const int cols = nthreads / rows;
        const int64_t most_m = (mt + rows - 1) / rows * MR, most_n = (nt + cols - 1) / cols * NR;
        const int64_t share = (most_m < g->m ? most_m : g->m) * (most_n < g->n ? most_n : g->n);
        if (share < best) {
            best = share;
            *tm = rows;
            *tn = cols;
        }
    }
}

static void gemm_thread(const gemm_call *g, int tid, int nthreads) {
    int tm = 1, tn = 1;
    if (nthreads > 1) gemm_grid(g, nthreads, &tm, &tn);
    const int gi = tid % tm, gj = tid / tm;
    int64_t t0, t1;
    split_range((g->m + MR - 1) / MR, tm, gi, &t0, &t1);
    const int64_t i0 = t0 * MR, i1 = t1 * MR < g->m ? t1 * MR : g->m;
    /* This thread's blocks of rows: near-equal, whole micro-tiles, at most g->mc. */
    const int64_t mc_step = balanced_block(i1 - i0 > 0 ? i1 - i0 : 1, g->mc, MR);
    T *a_block = g->a_blocks + tid * g->a_slot;
    const int sync = g->pack_b && tm > 1; /* B slivers packed by one thread, read by others */

    for (int64_t jc = 0; jc < g->n; jc += g->nc) {
        const int64_t nc = g->n - jc < g->nc ? g->n - jc : g->nc;
        int64_t s0, s1, p0, p1;
        split_range((nc + NR - 1) / NR, tn, gj, &s0, &s1); /* this column group's slivers */
        split_range(s1 - s0, tm, gi, &p0, &p1);             /* the ones this thread packs */
        const int64_t j0 = jc + s0 * NR, j1 = jc + s1 * NR < jc + nc ? jc + s1 * NR : jc + nc;
        for (int64_t pc = 0; pc < g->k; pc += g->kc) {
            const int64_t kc = g->k - pc < g->kc ? g->k - pc : g->kc;
            const T beta = pc == 0 ? g->beta : (T)1;
            const T *b_blk = g->B + pc * g->b_rs + jc * g->b_cs;
            if (g->pack_b) {
                const int64_t r0 = (s0 + p0) * NR, r1 = (s0 + p1) * NR < nc ? (s0 + p1) * NR : nc;
                pack_panel(kc, g->kc, r0, r1, NR, 0, b_blk, g->b_cs, g->b_rs, g->b_panel);
            }
            if (sync) {
#pragma omp barrier
            }
            for (int64_t ic = i0; ic < i1; ic += mc_step) {
                const int64_t mc = i1 - ic < mc_step ? i1 - ic : mc_step;
                const T *a_blk = g->A + ic * g->a_rs + pc * g->a_cs;
                if (g->pack_a)
                    pack_panel(kc, g->kc, 0, mc, MR, 1, a_blk, g->a_rs, g->a_cs, a_block);
                /* Loop 2 (jr) outside loop 1 (ir) keeps a B micro-panel in L1 while the packed
                 * A block streams from L2; an A read in place from memory goes outside instead,
                 * so that each of its micro-panels is fetched once for all its tiles. */
                const int64_t tiles_j = (j1 - j0 + NR - 1) / NR, tiles_i = (mc + MR - 1) / MR;
                const int a_outer = !g->pack_a;
                for (int64_t o = 0; o < (a_outer ? tiles_i : tiles_j); o++) {
                    for (int64_t q = 0; q < (a_outer ? tiles_j : tiles_i); q++) {
                        const int64_t jr = j0 + (a_outer ? q : o) * NR, ir = (a_outer ? o : q) * MR;
                        const int nr = j1 - jr < NR ? (int)(j1 - jr) : NR;
                        const int mr = mc - ir < MR ? (int)(mc - ir) : MR;
                        const int hv = gemm_tile_halves(mr, VL, GEMM_HALF_TILES);
                        const int m_last = mr - (hv - 1) / 2 * VL; /* rows in the last vector */
                        const T *b = g->pack_b ? g->b_panel + (jr - jc) * g->kc
                                               : b_blk + (jr - jc) * g->b_cs;
                        T *c = g->C + (ic + ir) + jr * g->ldc;
                        if (g->pack_a && g->pack_b)
                            tile_packed(hv, nr, kc, a_block + ir * g->kc, b, g->alpha, beta, c,
                                        g->ldc, m_last);
                        else if (g->pack_a)
                            tile_strided(hv, nr, kc, a_block + ir * g->kc, hv * HL,
                                         hv % 2 ? HL : VL, b, g->b_rs,
                                         g->b_cs, g->alpha, beta, c, g->ldc, m_last);
                        else
                            tile_strided(hv, nr, kc, a_blk + ir, g->a_cs, m_last, b,
                                         g->pack_b ? nr : g->b_rs, g->pack_b ? 1 : g->b_cs,
                                         g->alpha, beta, c, g->ldc, m_last);
                    }
                }
            }
            /* The next B panel overwrites this one: wait until every thread is done with it.
             * With one row group each thread reads only the slivers it packed, at places fixed
             * within a column block, so only the next column block (split anew) must wait. */
            const int last = jc + nc >= g->n && pc + kc >= g->k;
            if (!last && g->pack_b && nthreads > 1 && (tm > 1 || pc + kc >= g->k)) {
#pragma omp barrier
            }
        }
    }
}

/* alpha == 0 or k == 0: C = beta * C, column by column (a task per column), C not read when
 * beta == 0. */
typedef struct {
    int64_t m, ldc;
    T beta;
    T *C;
} gemm_scale_task;

static void gemm_scale(void *arg, int64_t j) {
    const gemm_scale_task *t = arg;
    T *c = t->C + j * t->ldc;
    for (int64_t i = 0; i < t->m; i++) c[i] = t->beta == 0 ? (T)0 : t->beta * c[i];
}

static gblas_status_t gemm(gblas_ctx *ctx, gblas_operation_t transa, gblas_operation_t transb,
                           int64_t m, int64_t n, int64_t k, const void *alpha, const void *A,
                           int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                           int64_t ldc) {
    if (*(const T *)alpha == 0 || k == 0) {
        gemm_scale_task t = {.m = m, .ldc = ldc, .beta = *(const T *)beta, .C = C};
        gblas_cpu_for(ctx, n, (double)m * (double)n >= (double)GBLAS_CPU_PARALLEL_MIN, gemm_scale,
                      &t);
        return GBLAS_STATUS_SUCCESS;
    }
    const int a_n = transa == GBLAS_OP_N, b_n = transb == GBLAS_OP_N;
    /* One column of C: C(:, 0) = alpha op(A) op(B)(:, 0) + beta C(:, 0). One row of C:
     * C(0, :)^T = alpha op(B)^T op(A)(0, :)^T + beta C(0, :)^T. Both are GEMVs. */
    if (n == 1)
        return gemv(ctx, transa, a_n ? m : k, a_n ? k : m, alpha, A, lda, B, b_n ? 1 : ldb,
                    beta, C, 1);
    if (m == 1)
        return gemv(ctx, b_n ? GBLAS_OP_T : GBLAS_OP_N, b_n ? k : n, b_n ? n : k, alpha, B,
                    ldb, A, a_n ? lda : 1, beta, C, ldc);
    call_once(&gemm_blocks_once, gemm_blocks_init);
    const gblas_gemm_blocks blk = gemm_blocks;
    gemm_call g = {
        .m = m, .n = n, .k = k, .ldc = ldc,
        .alpha = *(const T *)alpha, .beta = *(const T *)beta,
        .A = A, .B = B, .C = C,
        .a_rs = a_n ? 1 : lda, .a_cs = a_n ? lda : 1,
        .b_rs = b_n ? 1 : ldb, .b_cs = b_n ? ldb : 1,
        .mc = blk.mc, .kc = balanced_block(k, blk.kc, 1), .nc = balanced_block(n, blk.nc, NR),
        .pack_a = !a_n || !gemm_in_place(n, lda, sizeof(T), SIZE_MAX),
        .pack_b = !gemm_in_place(m, ldb, sizeof(T), (size_t)k * (size_t)n * sizeof(T)),
    };
    const size_t b_bytes = gblas_cpu_gemm_panel_bytes(blk.kc, blk.nc, sizeof(T));
    const size_t a_bytes = gblas_cpu_gemm_panel_bytes(blk.kc, blk.mc, sizeof(T));
    g.b_panel = gblas_cpu_pack_region(ctx);
    g.a_blocks = (T *)((char *)g.b_panel + b_bytes);
    g.a_slot = (int64_t)(a_bytes / sizeof(T));

    /* Threads: the handle's count, no more than there are A blocks in the workspace or
     * micro-tiles in C, and one per GEMM_THREAD_VFMAS vector multiply-adds. */
    int nthreads = gblas_cpu_threads(ctx);
    const int64_t slots = (int64_t)((gblas_cpu_pack_region_bytes(ctx) - b_bytes) / a_bytes);
    const double tiles = (double)((m + MR - 1) / MR) * (double)((n + NR - 1) / NR);
    const double by_work = (double)m * (double)n * (double)k / (GEMM_THREAD_VFMAS * VL);
    if (nthreads > slots) nthreads = (int)slots;
    if (nthreads > tiles) nthreads = (int)tiles;
    if (nthreads > by_work) nthreads = by_work < 1 ? 1 : (int)by_work;
    if (nthreads <= 1) {
        gemm_thread(&g, 0, 1);
    } else {
#pragma omp parallel num_threads(nthreads)
        gemm_thread(&g, omp_get_thread_num(), omp_get_num_threads());
    }
    return GBLAS_STATUS_SUCCESS;
}

#undef MR
