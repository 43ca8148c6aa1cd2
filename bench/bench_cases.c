/* bench_cases.c: the case lists of gblas-bench (GPU, CPU, and the small --quick lists), and
 * what each case moves and computes: buffer sizes, useful bytes or FLOP, and which measured
 * ceiling its rate is compared with. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const routine_names[BENCH_ROUTINE_COUNT] = {
    "dot",  "nrm2",       "axpy",        "scal",        "copy",       "gemv",
    "gemm", "chain_loop", "chain_graph", "staged_gemv", "staged_gemm"};

const char *bench_routine_name(bench_routine r) { return routine_names[r]; }

int bench_routine_from_name(const char *name) {
    for (int r = 0; r < BENCH_ROUTINE_COUNT; r++)
        if (!strcmp(name, routine_names[r])) return r;
    return -1;
}

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
    static const char precs[] = {'s', 'd'};

    memset(l, 0, sizeof *l);
    for (int pi = 0; pi < 2; pi++) {
        const char p = precs[pi];
        add_vectors(l, o, BENCH_DOT, p, vec_lo, vec_hi, 1);
        add_vectors(l, o, BENCH_DOT, p, vec_lo, vec_hi, 2);
    }
    for (size_t r = 0; r < sizeof level1 / sizeof level1[0]; r++)
        for (int pi = 0; pi < 2; pi++) add_vectors(l, o, level1[r], precs[pi], l1_lo, l1_hi, 1);
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
    d[0] = c->m, d[1] = c->n, d[2] = c->k;
    switch (c->routine) {
    case BENCH_GEMM:
    case BENCH_STAGED_GEMM: return 3;
    case BENCH_GEMV:
    case BENCH_STAGED_GEMV:
    case BENCH_CHAIN_LOOP:
    case BENCH_CHAIN_GRAPH: return 2;
    default: d[0] = c->n; return 1;
    }
}

size_t bench_elem_size(const bench_case *c) {
    return c->prec == 's' ? sizeof(float) : sizeof(double);
}

static int64_t vec_elems(int64_t n, int64_t inc) { return 1 + (n - 1) * (inc < 0 ? -inc : inc); }

/* Elements of each buffer. GEMV: op = N reads x of n and writes y of m; op = T the reverse.
 * Chains have buffers of their own (bench_cuda_chain.c). */
void bench_case_elems(const bench_case *c, bench_buffers *b) {
    const int64_t v = vec_elems(c->n, c->inc);
    const int gemv_n = c->trans[0] == 'N';
    b->in0_elems = b->in1_elems = b->out_elems = 0;
    switch (c->routine) {
    case BENCH_DOT: b->in0_elems = b->in1_elems = v, b->out_elems = 1; break;
    case BENCH_NRM2: b->in0_elems = v, b->out_elems = 1; break;
    case BENCH_AXPY:
    case BENCH_COPY: b->in0_elems = b->out_elems = v; break;
    case BENCH_SCAL: b->out_elems = v; break;
    case BENCH_GEMV:
    case BENCH_STAGED_GEMV:
        b->in0_elems = c->m * c->n;
        b->in1_elems = vec_elems(gemv_n ? c->n : c->m, c->inc);
        b->out_elems = vec_elems(gemv_n ? c->m : c->n, c->inc);
        break;
    case BENCH_GEMM:
    case BENCH_STAGED_GEMM:
        b->in0_elems = c->m * c->k, b->in1_elems = c->k * c->n, b->out_elems = c->m * c->n;
        break;
    default: break;
    }
}

double bench_case_work(const bench_case *c, const char **unit) {
    const double e = (double)bench_elem_size(c), n = (double)c->n, m = (double)c->m;
    *unit = "GB/s";
    switch (c->routine) {
    case BENCH_DOT: return 2 * n * e;
    case BENCH_NRM2: return n * e;
    case BENCH_AXPY: return 3 * n * e;
    case BENCH_SCAL:
    case BENCH_COPY: return 2 * n * e;
    case BENCH_GEMV:
    case BENCH_STAGED_GEMV: {
        const double x = c->trans[0] == 'N' ? n : m, y = c->trans[0] == 'N' ? m : n;
        return (m * n + x + 2 * y) * e;
    }
    case BENCH_GEMM:
    case BENCH_STAGED_GEMM: *unit = "GFLOP/s"; return 2 * m * n * (double)c->k;
    default: *unit = "Mcall/s"; return 1e3; /* per call: rate = 1 / gblas_us */
    }
}

double bench_case_ceiling(const bench_case *c, const bench_ceilings *cl) {
    switch (c->routine) {
    case BENCH_DOT:
    case BENCH_NRM2:
    case BENCH_GEMV:
    case BENCH_STAGED_GEMV: return cl->read_gbs;
    case BENCH_AXPY:
    case BENCH_SCAL:
    case BENCH_COPY: return cl->copy_gbs;
    case BENCH_GEMM:
    case BENCH_STAGED_GEMM: return c->prec == 's' ? cl->flops_s : cl->flops_d;
    default: return 0;
    }
}
