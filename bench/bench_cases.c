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

static void add(bench_case_list *l, const bench_options *o, bench_routine r, char prec,
                const char *trans, int64_t m, int64_t n, int64_t k, int64_t inc) {
    bench_case c = {r, prec, "", m, n, k, inc};
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

/* Vector lengths 2^lo ... 2^hi. */
static void add_vectors(bench_case_list *l, const bench_options *o, bench_routine r, char p, int lo,
                        int hi, int64_t inc) {
    for (int e = lo; e <= hi; e++) add(l, o, r, p, "", 0, (int64_t)1 << e, 0, inc);
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
    for (int pi = 0; pi < 2; pi++) {
        for (int64_t n = gemm_lo; n <= gemm_hi; n *= 2)
            add(l, o, BENCH_GEMM, precs[pi], "NN", n, n, n, 1);
        for (int t = 1; t < 4; t++)
            add(l, o, BENCH_GEMM, precs[pi], gemm_trans[t], trans_at, trans_at, trans_at, 1);
        for (int s = 0; s < 6; s++)
            add(l, o, BENCH_GEMM, precs[pi], "NN", shapes[s][0], shapes[s][1], shapes[s][2], 1);
    }
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
    return bench_routine_table[r].level;
}

size_t bench_elem_size(const bench_case *c) {
    return c->prec == 's' ? sizeof(float) : sizeof(double);
}

int64_t bench_vec_elems(int64_t n, int64_t inc) { return 1 + (n - 1) * (inc < 0 ? -inc : inc); }

/* Elements of each buffer, from the routine table (bench_routines_gen.c). Chains have buffers
 * of their own (bench_cuda_chain.c). */
void bench_case_elems(const bench_case *c, bench_buffers *b) {
    const int r = bench_case_table_routine(c);
    b->in0_elems = b->in1_elems = b->out_elems = 0;
    b->out_es = r >= 0 && bench_routine_table[r].result == 'I' ? sizeof(int64_t)
                                                               : bench_elem_size(c);
    bench_table_elems(c, b);
}

/* GFLOP/s from Level 3 on, GB/s of the bytes the table counts otherwise; chains: calls. GEMV
 * adds y's read: the table counts y once (true for beta = 0), the bench's beta = 1 reads it
 * too, and the rate has always counted it. */
double bench_case_work(const bench_case *c, const char **unit) {
    const int r = bench_case_table_routine(c);
    if (r < 0) {
        *unit = "Mcall/s";
        return 1e3; /* per call: rate = 1 / gblas_us */
    }
    if (bench_routine_table[r].level >= 3) {
        *unit = "GFLOP/s";
        return bench_table_flops(c);
    }
    *unit = "GB/s";
    const double y_read = r == BENCH_GEMV ? (double)(c->trans[0] == 'N' ? c->m : c->n) : 0;
    return bench_table_bytes(c) + y_read * (double)bench_elem_size(c);
}

double bench_case_ceiling(const bench_case *c, const bench_ceilings *cl) {
    const int r = bench_case_table_routine(c);
    if (r < 0) return 0;
    switch (bench_routine_table[r].ceiling) {
    case BENCH_CEILING_READ: return cl->read_gbs;
    case BENCH_CEILING_COPY: return cl->copy_gbs;
    default: return c->prec == 's' ? cl->flops_s : cl->flops_d;
    }
}
