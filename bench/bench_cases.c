/* bench_cases.c: the case lists of gblas-bench (GPU, CPU, and the small --quick lists), and
 * what each case moves and computes: buffer sizes, useful bytes or FLOP, and which measured
 * ceiling its rate is compared with. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* The bench's own kinds of case, after the table's routines, and the routine each calls. */
static const struct {
    const char *name;
    int calls; /* a table routine, or -1 */
} own_kinds[BENCH_ROUTINE_COUNT - BENCH_TABLE_ROUTINES] = {
    [BENCH_CHAIN_LOOP - BENCH_TABLE_ROUTINES] = {"chain_loop", -1},
    [BENCH_CHAIN_GRAPH - BENCH_TABLE_ROUTINES] = {"chain_graph", -1},
    [BENCH_STAGED_GEMV - BENCH_TABLE_ROUTINES] = {"staged_gemv", BENCH_GEMV},
    [BENCH_STAGED_GEMM - BENCH_TABLE_ROUTINES] = {"staged_gemm", BENCH_GEMM},
    [BENCH_GEAM_INPLACE - BENCH_TABLE_ROUTINES] = {"geam_inplace", BENCH_GEAM},
};

const char *bench_routine_name(bench_routine r) {
    return r < BENCH_TABLE_ROUTINES ? bench_routine_table[r].name
                                    : own_kinds[r - BENCH_TABLE_ROUTINES].name;
}

int bench_routine_from_name(const char *name) {
    for (int r = 0; r < BENCH_ROUTINE_COUNT; r++)
        if (!strcmp(name, bench_routine_name(r))) return r;
    return -1;
}

int bench_case_table_routine(const bench_case *c) {
    return c->routine < BENCH_TABLE_ROUTINES ? c->routine
                                             : own_kinds[c->routine - BENCH_TABLE_ROUTINES].calls;
}

gblas_operation_t bench_gblas_op(char t) { return t == 'N' ? GBLAS_OP_N : GBLAS_OP_T; }
gblas_fill_mode_t bench_gblas_uplo(char t) {
    return t == 'U' ? GBLAS_FILL_MODE_UPPER : GBLAS_FILL_MODE_LOWER;
}
gblas_diag_type_t bench_gblas_diag(char t) { return t == 'U' ? GBLAS_DIAG_UNIT : GBLAS_DIAG_NON_UNIT; }
gblas_side_mode_t bench_gblas_side(char t) { return t == 'R' ? GBLAS_SIDE_RIGHT : GBLAS_SIDE_LEFT; }

/* GEMM shapes that stress edges and skinny dimensions (m, n, k); the quick list keeps their
 * proportions at small sizes. */
static const int64_t odd_shapes[][3] = {{1000, 1000, 1000}, {4097, 4097, 4097}, {33, 8192, 8192},
                                        {8192, 33, 8192},   {8192, 8192, 33},   {64, 64, 65536}};
static const int64_t odd_shapes_quick[][3] = {{100, 100, 100}, {257, 257, 257}, {33, 512, 512},
                                              {512, 33, 512},  {512, 512, 33},  {64, 64, 4096}};
static const char *const gemm_trans[] = {"NN", "NT", "TN", "TT"};

/* Level 2 after GEMV, in table order. Full and packed routines: uplo L, trans N, diag N over
 * the size sweep (GER m = n); at one size, the other uplo (and trans) letters, diag N.
 * Banded routines at one large n, bandwidth k (GBMV kl = ku = k) over band_ks, trans N and T
 * for GBMV, L, N, N for the others. */
static const struct {
    bench_routine r;
    int band;                  /* a band routine: the k sweep instead of the n sweep */
    const char *sweep;         /* the letters of the sweep */
    const char *const more[4]; /* the other letters at one size (NULL-terminated) */
} level2[] = {
    {BENCH_GBMV, 1, "N", {"T", NULL}},
    {BENCH_SYMV, 0, "L", {"U", NULL}},
    {BENCH_SBMV, 1, "L", {NULL}},
    {BENCH_SPMV, 0, "L", {"U", NULL}},
    {BENCH_TRMV, 0, "LNN", {"LTN", "UNN", "UTN", NULL}},
    {BENCH_TBMV, 1, "LNN", {NULL}},
    {BENCH_TPMV, 0, "LNN", {"LTN", "UNN", "UTN", NULL}},
    {BENCH_TRSV, 0, "LNN", {"LTN", "UNN", "UTN", NULL}},
    {BENCH_TBSV, 1, "LNN", {NULL}},
    {BENCH_TPSV, 0, "LNN", {"LTN", "UNN", "UTN", NULL}},
    {BENCH_GER, 0, "", {NULL}},
    {BENCH_SYR, 0, "L", {"U", NULL}},
    {BENCH_SPR, 0, "L", {"U", NULL}},
    {BENCH_SYR2, 0, "L", {"U", NULL}},
    {BENCH_SPR2, 0, "L", {"U", NULL}},
};
static const int64_t band_ks[] = {1, 8, 64};

/* Level 3 after GEMM, #19's target cases: each routine's letters (TRSM also right lower T) at
 * the orders of level3_sizes (m = n; SYRK and SYR2K n = k); TRSM left lower N also at 8192 on
 * the GPU. */
static const struct {
    bench_routine r;
    const char *letters;
} level3[] = {
    {BENCH_TRSM, "LLNN"}, {BENCH_TRSM, "RLTN"}, {BENCH_SYRK, "LN"},
    {BENCH_SYMM, "LL"},   {BENCH_TRMM, "LLNN"}, {BENCH_SYR2K, "LN"},
};
/* Batched GEMM shapes (m = n = k, batch count): #19's, from bandwidth-bound 8^3 up to 256^3;
 * TRSM's batch (left lower N, m = n) at two small orders. */
static const int64_t batch_shapes[][2] = {{8, 100000}, {16, 50000}, {32, 16384},
                                          {64, 8192},  {128, 2048}, {256, 512}};
static const int64_t batch_shapes_quick[][2] = {{8, 2000}, {64, 100}};
static const int64_t trsm_batch_shapes[][2] = {{16, 50000}, {64, 8192}};
static const int64_t trsm_batch_shapes_quick[][2] = {{16, 1000}};

static void add_batch(bench_case_list *l, const bench_options *o, bench_routine r, char prec,
                      const char *trans, int64_t m, int64_t n, int64_t k, int64_t inc,
                      int64_t batch) {
    bench_case c = {r, prec, "", m, n, k, inc, batch};
    strcpy(c.trans, trans);
    if (!bench_case_selected(o, &c)) return;
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        bench_case *v = realloc(l->v, l->cap * sizeof *v);
        if (!v) abort(); /* a few kilobytes: the bench cannot continue without them */
        l->v = v;
    }
    l->v[l->count++] = c;
}

static void add(bench_case_list *l, const bench_options *o, bench_routine r, char prec,
                const char *trans, int64_t m, int64_t n, int64_t k, int64_t inc) {
    add_batch(l, o, r, prec, trans, m, n, k, inc, 0);
}

/* Level 3 after GEMM, the batches, GEAM and DGMM. */
static void add_level3(bench_case_list *l, const bench_options *o, int gpu) {
    static const int64_t sizes_gpu[] = {1024, 4096}, sizes_cpu[] = {256, 1024, 2048};
    static const int64_t sizes_quick[] = {256};
    static const char precs[] = {'s', 'd'};
    const int q = o->quick;
    const int64_t *sizes = q ? sizes_quick : gpu ? sizes_gpu : sizes_cpu;
    const size_t n_sizes = q ? 1 : gpu ? 2 : 3;
    const int64_t(*shapes)[2] = q ? batch_shapes_quick : batch_shapes;
    const size_t n_shapes = q ? 2 : 6;
    const int64_t(*tshapes)[2] = q ? trsm_batch_shapes_quick : trsm_batch_shapes;
    const size_t n_tshapes = q ? 1 : 2;
    const int64_t mat = q ? 512 : 8192; /* GEAM and DGMM: mat x mat */
    for (int pi = 0; pi < 2; pi++) {
        const char p = precs[pi];
        for (size_t r = 0; r < sizeof level3 / sizeof level3[0]; r++) {
            const int rank_k = level3[r].r == BENCH_SYRK || level3[r].r == BENCH_SYR2K;
            for (size_t i = 0; i < n_sizes; i++)
                add(l, o, level3[r].r, p, level3[r].letters, rank_k ? 0 : sizes[i], sizes[i],
                    rank_k ? sizes[i] : 0, 1);
            if (gpu && !q && level3[r].r == BENCH_TRSM && !strcmp(level3[r].letters, "LLNN"))
                add(l, o, BENCH_TRSM, p, "LLNN", 8192, 8192, 0, 1);
        }
        for (size_t i = 0; i < n_shapes; i++) {
            const int64_t s = shapes[i][0];
            add_batch(l, o, BENCH_GEMM_STRIDED_BATCHED, p, "NN", s, s, s, 1, shapes[i][1]);
            add_batch(l, o, BENCH_GEMM_BATCHED, p, "NN", s, s, s, 1, shapes[i][1]);
        }
        for (size_t i = 0; i < n_tshapes; i++)
            add_batch(l, o, BENCH_TRSM_BATCHED, p, "LLNN", tshapes[i][0], tshapes[i][0], 0, 1,
                      tshapes[i][1]);
        add(l, o, BENCH_GEAM, p, "NN", mat, mat, 0, 1);
        add(l, o, BENCH_GEAM, p, "TN", mat, mat, 0, 1);
        add(l, o, BENCH_GEAM_INPLACE, p, "NN", mat, mat, 0, 1);
        add(l, o, BENCH_DGMM, p, "L", mat, mat, 0, 1);
        add(l, o, BENCH_DGMM, p, "R", mat, mat, 0, 1);
    }
}

/* Vector lengths 2^lo ... 2^hi. */
static void add_vectors(bench_case_list *l, const bench_options *o, bench_routine r, char p, int lo,
                        int hi, int64_t inc) {
    for (int e = lo; e <= hi; e++) add(l, o, r, p, "", 0, (int64_t)1 << e, 0, inc);
}

/* Complex Level 1 (c, z), unit stride, at lengths 2^e: GPU 2^20 and 2^24, CPU 2^16 and
 * 2^20; the quick list 2^16 (GPU) or 2^12 (CPU). */
static void add_complex_level1(bench_case_list *l, const bench_options *o, int gpu) {
    static const bench_routine routines[] = {
        BENCH_DOTU, BENCH_DOTC,  BENCH_AXPY,  BENCH_SCAL, BENCH_SCAL_REAL, BENCH_COPY, BENCH_SWAP,
        BENCH_NRM2, BENCH_ASUM, BENCH_IAMAX, BENCH_IAMIN, BENCH_ROT,       BENCH_ROT_REAL};
    static const char precs[] = {'c', 'z'};
    const int lo = o->quick ? (gpu ? 16 : 12) : (gpu ? 20 : 16), n_sizes = o->quick ? 1 : 2;
    for (size_t r = 0; r < sizeof routines / sizeof routines[0]; r++)
        for (int pi = 0; pi < 2; pi++)
            for (int e = 0; e < n_sizes; e++)
                add(l, o, routines[r], precs[pi], "", 0, (int64_t)1 << (lo + 4 * e), 0, 1);
}

void bench_build_cases(bench_case_list *l, const bench_options *o, int gpu) {
    const int q = o->quick;
    const int vec_lo = gpu ? 16 : 12, vec_hi = q ? vec_lo + 4 : gpu ? 28 : 26;
    const int l1_lo = gpu ? 20 : 12, l1_hi = q ? l1_lo + 4 : vec_hi;
    const int64_t gemv_max = q ? 2048 : 16384, skinny = q ? (int64_t)1 << 14 : (int64_t)1 << 20;
    const int64_t gemm_lo = gpu ? 128 : 64, gemm_hi = q ? 2 * gemm_lo : gpu ? 8192 : 4096;
    const int64_t trans_at = q ? 256 : gpu ? 4096 : 1024, staged_at = q ? 1024 : 4096;
    const int64_t(*shapes)[3] = q ? odd_shapes_quick : odd_shapes;
    static const bench_routine level1[] = {BENCH_AXPY, BENCH_SCAL, BENCH_COPY, BENCH_NRM2};
    /* The rest of Level 1 (rotg and rotmg have no vectors: no case): unit stride over the
     * sweep, inc = 2 at two sizes. */
    static const bench_routine level1_rest[] = {BENCH_SWAP,  BENCH_ASUM, BENCH_IAMAX,
                                                BENCH_IAMIN, BENCH_ROT,  BENCH_ROTM};
    const int rest_hi = q ? l1_lo + 4 : gpu ? 28 : 24;
    const int strided[2] = {q ? l1_lo : gpu ? 22 : 16, q ? l1_lo + 4 : gpu ? 26 : 22};
    static const char precs[] = {'s', 'd'};

    memset(l, 0, sizeof *l);
    for (int pi = 0; pi < 2; pi++) {
        const char p = precs[pi];
        add_vectors(l, o, BENCH_DOT, p, vec_lo, vec_hi, 1);
        add_vectors(l, o, BENCH_DOT, p, vec_lo, vec_hi, 2);
    }
    for (size_t r = 0; r < sizeof level1 / sizeof level1[0]; r++)
        for (int pi = 0; pi < 2; pi++) add_vectors(l, o, level1[r], precs[pi], l1_lo, l1_hi, 1);
    for (size_t r = 0; r < sizeof level1_rest / sizeof level1_rest[0]; r++) {
        for (int pi = 0; pi < 2; pi++) {
            add_vectors(l, o, level1_rest[r], precs[pi], l1_lo, rest_hi, 1);
            for (int i = 0; i < 2; i++)
                add_vectors(l, o, level1_rest[r], precs[pi], strided[i], strided[i], 2);
        }
    }
    for (int pi = 0; pi < 2; pi++) {
        for (int t = 0; t < 2; t++) {
            const char *tr = t ? "T" : "N";
            for (int64_t n = 1024; n <= gemv_max; n *= 2)
                add(l, o, BENCH_GEMV, precs[pi], tr, n, n, 0, 1);
            add(l, o, BENCH_GEMV, precs[pi], tr, skinny, 32, 0, 1); /* tall-skinny */
            add(l, o, BENCH_GEMV, precs[pi], tr, 32, skinny, 0, 1); /* short-wide */
            add(l, o, BENCH_GEMV, precs[pi], tr, 4096 / (q ? 4 : 1), 4096 / (q ? 4 : 1), 0, 2);
        }
    }
    /* Level 2 after GEMV: orders l2_lo ... l2_hi (times l2_step: GPU 1024, 4096, 16384; CPU
     * 1024, 2048, 4096; quick 256), the other letters at l2_at; bands at order l2_band. m = n,
     * so --size N selects them as it does GEMV. */
    const int64_t l2_lo = q ? 256 : 1024, l2_hi = q ? 256 : gpu ? 16384 : 4096;
    const int64_t l2_step = gpu && !q ? 4 : 2, l2_at = q ? 256 : 4096;
    const int64_t l2_band = q ? (int64_t)1 << 14 : gpu ? (int64_t)1 << 20 : (int64_t)1 << 18;
    for (size_t r = 0; r < sizeof level2 / sizeof level2[0]; r++) {
        for (int pi = 0; pi < 2; pi++) {
            const char p = precs[pi];
            if (!level2[r].band) {
                for (int64_t n = l2_lo; n <= l2_hi; n *= l2_step)
                    add(l, o, level2[r].r, p, level2[r].sweep, n, n, 0, 1);
                for (int m = 0; level2[r].more[m]; m++)
                    add(l, o, level2[r].r, p, level2[r].more[m], l2_at, l2_at, 0, 1);
                continue;
            }
            for (int m = -1; m < 0 || level2[r].more[m]; m++) /* -1: the sweep's letters */
                for (size_t k = 0; k < sizeof band_ks / sizeof band_ks[0]; k++)
                    add(l, o, level2[r].r, p, m < 0 ? level2[r].sweep : level2[r].more[m],
                        l2_band, l2_band, band_ks[k], 1);
        }
    }
    for (int pi = 0; pi < 2; pi++) {
        for (int64_t n = gemm_lo; n <= gemm_hi; n *= 2)
            add(l, o, BENCH_GEMM, precs[pi], "NN", n, n, n, 1);
        for (int t = 1; t < 4; t++)
            add(l, o, BENCH_GEMM, precs[pi], gemm_trans[t], trans_at, trans_at, trans_at, 1);
        for (int s = 0; s < 6; s++)
            add(l, o, BENCH_GEMM, precs[pi], "NN", shapes[s][0], shapes[s][1], shapes[s][2], 1);
    }
    add_level3(l, o, gpu);
    add_complex_level1(l, o, gpu);
    if (!gpu) return;
    for (int pi = 0; pi < 2; pi++) {
        add(l, o, BENCH_CHAIN_LOOP, precs[pi], "", BENCH_CHAIN_N, BENCH_CHAIN_N, 0, 1);
        add(l, o, BENCH_CHAIN_GRAPH, precs[pi], "", BENCH_CHAIN_N, BENCH_CHAIN_N, 0, 1);
        add(l, o, BENCH_STAGED_GEMV, precs[pi], "N", staged_at, staged_at, 0, 1);
        add(l, o, BENCH_STAGED_GEMM, precs[pi], "NN", staged_at, staged_at, staged_at, 1);
    }
}

void bench_free_cases(bench_case_list *l) {
    free(l->v);
    memset(l, 0, sizeof *l);
}

int bench_case_dims(const bench_case *c, int64_t d[3]) {
    const int r = bench_case_table_routine(c);
    d[0] = c->m, d[1] = c->n, d[2] = c->k;
    if (r < 0) return 2; /* chains: m x n */
    if (bench_routine_table[r].level == 1) d[0] = c->n;
    if (bench_routine_table[r].level < 3) return bench_routine_table[r].level;
    /* Level 3: the dimensions the routine has (GEMM m, n, k; TRSM m, n; SYRK n, k) */
    int nd = 0;
    for (int i = 0; i < 3; i++)
        if (d[i]) d[nd++] = d[i];
    return nd;
}

size_t bench_elem_size(const bench_case *c) {
    return (size_t)bench_parts(c) * bench_real_size(c);
}

char bench_real_prec(const bench_case *c) { return c->prec == 's' || c->prec == 'c' ? 's' : 'd'; }

size_t bench_real_size(const bench_case *c) {
    return bench_real_prec(c) == 's' ? sizeof(float) : sizeof(double);
}

int bench_parts(const bench_case *c) { return c->prec == 'c' || c->prec == 'z' ? 2 : 1; }

int64_t bench_out_reals(const bench_case *c, const bench_buffers *b) {
    const int r = bench_case_table_routine(c);
    if (r >= 0 && bench_routine_table[r].result == 'I') return 0;
    return b->out_elems * (int64_t)(b->out_es / bench_real_size(c));
}

int64_t bench_vec_elems(int64_t n, int64_t inc) { return 1 + (n - 1) * (inc < 0 ? -inc : inc); }

/* Elements of each buffer, from the routine table (bench_routines_gen.c). Chains have buffers
 * of their own (bench_cuda_chain.c). */
void bench_case_elems(const bench_case *c, bench_buffers *b) {
    const int r = bench_case_table_routine(c);
    b->in0_elems = b->in1_elems = b->out_elems = 0;
    const char result = r >= 0 ? bench_routine_table[r].result : 0;
    b->out_es = result == 'I'   ? sizeof(int64_t)
                : result == 'R' ? bench_real_size(c) /* scnrm2, scasum: a real result */
                                : bench_elem_size(c);
    bench_table_elems(c, b);
    b->in_place = c->routine == BENCH_GEAM_INPLACE;
    if (b->in_place) b->in0_elems = 0; /* A is the side's C */
}

int bench_case_arrays(const bench_case *c) {
    const int r = bench_case_table_routine(c);
    return r >= 0 && bench_routine_table[r].arrays;
}

int bench_case_tri(const bench_case *c, bench_tri *t) {
    const int r = bench_case_table_routine(c);
    int storage;
    t->count = 1;
    switch (r) {
    case BENCH_TRMM:
    case BENCH_TRSM:
    case BENCH_TRSM_BATCHED: {
        /* letters side, uplo, trans, diag; A is m x m (left) or n x n (right). A right side
         * computes rows x^T op(A) (or solves them): op(A)^T's rows are the ones conditioned. */
        const int right = c->trans[0] == 'R';
        t->n = right ? c->n : c->m;
        t->k = 0;
        t->count = c->batch > 0 ? c->batch : 1;
        t->storage = BENCH_TRI_FULL;
        t->upper = c->trans[1] == 'U';
        t->trans = (c->trans[2] == 'T') != right;
        t->solve = r != BENCH_TRMM;
        t->unit = c->trans[3] == 'U';
        t->scale = BENCH_TRI_OFFDIAG / (double)t->n;
        return 1;
    }
    case BENCH_TRMV:
    case BENCH_TRSV: storage = BENCH_TRI_FULL; break;
    case BENCH_TBMV:
    case BENCH_TBSV: storage = BENCH_TRI_BAND; break;
    case BENCH_TPMV:
    case BENCH_TPSV: storage = BENCH_TRI_PACKED; break;
    default: return 0;
    }
    t->n = c->n;
    t->k = storage == BENCH_TRI_BAND ? c->k : 0;
    t->storage = storage;
    t->upper = c->trans[0] == 'U';
    t->trans = c->trans[1] == 'T';
    t->solve = r == BENCH_TRSV || r == BENCH_TBSV || r == BENCH_TPSV;
    t->unit = c->trans[2] == 'U';
    t->scale = BENCH_TRI_OFFDIAG / (double)(storage == BENCH_TRI_BAND ? c->k + 1 : c->n);
    return 1;
}

int64_t bench_case_beta_y(const bench_case *c) {
    switch (bench_case_table_routine(c)) {
    case BENCH_GEMV:
    case BENCH_GBMV: return c->trans[0] == 'N' ? c->m : c->n;
    case BENCH_SYMV:
    case BENCH_SBMV:
    case BENCH_SPMV: return c->n;
    default: return 0;
    }
}

bench_ceiling_kind bench_case_ceiling_kind(const bench_case *c) {
    const int r = bench_case_table_routine(c);
    if ((r == BENCH_GEMM_STRIDED_BATCHED || r == BENCH_GEMM_BATCHED) &&
        c->m <= BENCH_BATCH_BANDWIDTH_MAX && c->n <= BENCH_BATCH_BANDWIDTH_MAX &&
        c->k <= BENCH_BATCH_BANDWIDTH_MAX)
        return BENCH_CEILING_COPY;
    return bench_routine_table[r].ceiling;
}

/* GFLOP/s for the cases compared with a FLOP ceiling (Level 3 but GEAM, DGMM and the smallest
 * batches), GB/s of the bytes the table counts otherwise; chains: calls. The routines with a
 * beta (GEMV, GBMV, SYMV, SBMV, SPMV) add y's read: the table counts y once (true for beta =
 * 0), the bench's beta = 1 reads it too, and GEMV's rate has always counted it. */
double bench_case_work(const bench_case *c, const char **unit) {
    const int r = bench_case_table_routine(c);
    if (r < 0) {
        *unit = "Mcall/s";
        return 1e3; /* per call: rate = 1 / gblas_us */
    }
    if (bench_case_ceiling_kind(c) == BENCH_CEILING_FLOPS) {
        *unit = "GFLOP/s";
        return bench_table_flops(c);
    }
    *unit = "GB/s";
    return bench_table_bytes(c) + (double)bench_case_beta_y(c) * (double)bench_elem_size(c);
}

double bench_case_ceiling(const bench_case *c, const bench_ceilings *cl) {
    const int r = bench_case_table_routine(c);
    if (r < 0) return 0;
    switch (bench_case_ceiling_kind(c)) {
    case BENCH_CEILING_READ: return cl->read_gbs;
    case BENCH_CEILING_COPY: return cl->copy_gbs;
    default: return bench_real_prec(c) == 's' ? cl->flops_s : cl->flops_d;
    }
}
