/* bench_options.c: gblas-bench's command line: options, filters (routine, precision,
 * transpose, size, increment, backend, threads) and the --help text that documents them. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const help_text =
    "Usage: gblas-bench [options]\n"
    "\n"
    "Times gblas against the reference BLAS of the same backend, in one process, interleaved\n"
    "(gblas, reference, gblas, reference, ...): cuBLAS on the CUDA backend (FP32 with\n"
    "CUBLAS_PEDANTIC_MATH, i.e. strict FP32; FP64 with the default math mode), OpenBLAS through\n"
    "CBLAS on the CPU backend (at each thread count, set on both sides with\n"
    "openblas_set_num_threads and gblas_set_num_threads).\n"
    "\n"
    "Filters (comma-separated lists; a case runs when it matches every filter given):\n"
    "  --backend cpu|cuda|all  backends to run (default all: the CPU, and CUDA when this build\n"
    "                          has it and the host has a device)\n"
    "  --routine LIST          routines of the table (listed at the end), chain_loop,\n"
    "                          chain_graph, staged_gemv, staged_gemm, geam_inplace (GEAM\n"
    "                          with C == A); 'chain' and 'staged' select both of theirs\n"
    "  --precision LIST        s, d, c, z (default all; c and z: the complex Level-1 cases)\n"
    "  --trans LIST            a case's letters for its enumeration arguments in BLAS order:\n"
    "                          GEMV N, T; GEMM NN ... TT; SYMV L, U; TRMV LNN ... UTU (uplo,\n"
    "                          trans, diag); SYMM LL (side, uplo); SYRK LN (uplo, trans);\n"
    "                          TRMM, TRSM LLNN ... RUTU (side, uplo, trans, diag); GEAM NN,\n"
    "                          TN; DGMM L, R. Cases without one (level 1, GER, chains) do not\n"
    "                          match once --trans is given\n"
    "  --size LIST             N: vectors of length N and square matrices of order N (GEMV\n"
    "                          and the other Level-2 routines m = n, band cases of every\n"
    "                          bandwidth k; GEMM m = n = k; the other Level-3 routines and\n"
    "                          the batches: every dimension they have = N: TRSM m = n, SYRK\n"
    "                          n = k, batched GEMM m = n = k at every batch count); MxN:\n"
    "                          GEMV shapes, and Level 3 with two dimensions (TRSM m x n,\n"
    "                          SYRK n x k); MxNxK: GEMM shapes. A number may be written 2^P.\n"
    "                          Example: 2^20,4096,33x8192x8192\n"
    "  --inc LIST              increment of x and y (DOT, GEMV and the Level-1 routines after\n"
    "                          NRM2 have unit and non-unit cases)\n"
    "  --threads LIST          CPU thread counts (default: 1 and the OpenMP maximum)\n"
    "Options:\n"
    "  --reps N                timed repetitions per side; the median is reported (default 20).\n"
    "                          GPU: fewer only when one run exceeds 50 ms (then as --budget\n"
    "                          allows, at least 3). CPU: capped by --budget (at least 3 when\n"
    "                          one pair of samples fits the budget, else 1)\n"
    "  --budget SECONDS        time for the repetitions of one case at one thread count\n"
    "                          (default 1 on the CPU, 10 on the GPU)\n"
    "  --settle MS             CPU, more than one thread: pause before each sample, so the\n"
    "                          other library's idle workers stop spinning first (default: twice\n"
    "                          the idle spin of OpenMP workers measured at start + 1 ms, 2 to 50)\n"
    "  --quick                 short smoke run: small sizes of every case kind, 5 repetitions,\n"
    "                          budget 0.2 s, short ceiling measurements\n"
    "  --csv FILE              also write one CSV row per case to FILE; lines starting with '#'\n"
    "                          record the command, date, commit, host, library and driver\n"
    "                          versions and the measured ceilings\n"
    "  --list                  print the selected cases and exit\n"
    "  --help                  print this text\n"
    "\n"
    "CSV columns: routine,precision,backend,trans,m,n,k,inc,batch,threads,gblas_us,ref_name,\n"
    "  ref_us,speedup,rate,unit,ceiling_frac,checked. trans is '-' and m, n or k is 0 where a\n"
    "  routine has none; batch is the batch count of a batched routine, 0 for the others;\n"
    "  threads is 0 on the GPU; an empty field was not measured.\n"
    "  gblas_us, ref_us: median time of one call, microseconds. speedup = ref_us / gblas_us.\n"
    "  rate (of gblas): GFLOP/s for GEMM (2mnk) and the Level-3 routines (the routine table's\n"
    "    FLOP: SYMM 2mn(m or n), SYRK n(n+1)k, SYR2K 2n(n+1)k, TRMM and TRSM mn(m or n); the\n"
    "    batches the sum over the batch) but GEAM, DGMM and the batched GEMMs of m, n, k <= 16;\n"
    "    GB/s of useful bytes otherwise (the routine table's count): GEAM A, B and C once (in\n"
    "    place: C read and written, B), DGMM A and C once, batched GEMM A, B and C once each\n"
    "    (beta = 0: C written); DOT x + y; NRM2, ASUM, IAMAX, IAMIN x; AXPY x + y read + y\n"
    "    written; SCAL and COPY read + write; SWAP, ROT, ROTM x and y read and written; GEMV A once + x\n"
    "    + y read (beta = 1) + y written; GBMV, SYMV, SBMV, SPMV the stored band or triangle\n"
    "    once + x + y read (beta = 1) + y written; TRMV ... TPSV the stored triangle (band)\n"
    "    once + x read and written; GER A read and written + x + y; SYR ... SPR2 the stored\n"
    "    triangle read and written + x (+ y).\n"
    "  ceiling_frac = rate / ceiling, the ceiling measured in the same run: GPU: DOT, NRM2,\n"
    "    ASUM, IAMAX, IAMIN and the Level-2 routines that write a vector (GEMV ... TPSV)\n"
    "    against a read-only streaming kernel, AXPY, SCAL, COPY, SWAP, ROT, ROTM and those that\n"
    "    write a matrix (GER ... SPR2) against device-to-device copy;\n"
    "    GEAM, DGMM and the batches of m, n, k <= 16 against device-to-device copy; GEMM and\n"
    "    the other Level-3 cases against the H200's nominal 67 TFLOP/s FP32 (FFMA) and\n"
    "    67 TFLOP/s FP64 (tensor cores), not measured. CPU, per thread count: the same memory\n"
    "    streams (read; scale-copy) over 256 MiB, and for GEMM and the other FLOP-rated cases\n"
    "    the FMA peak of a short calibrated loop per precision.\n"
    "    Sizes that fit in cache can exceed 1.\n"
    "  checked = 1 when gblas matched the reference: the first call of each side (same buffers\n"
    "    and arguments as the timed calls) is compared elementwise, |g - r| <= 16 eps sqrt(k) S,\n"
    "    S the largest possible |term sum| for inputs in [0.5, 1.5), k the reduction length;\n"
    "    IAMAX and IAMIN indices must be equal.\n"
    "Cases: scalars AXPY alpha = 0.5; SCAL alpha = -1; ROT c = 0.6, s = 0.8; ROTM flag -1,\n"
    "  H = [0.6 0.8; -0.8 0.6]; GEMV, GBMV, SYMV, SBMV, SPMV alpha = 1, beta = 1; GER ... SPR2\n"
    "  alpha = 1; GEMM, SYMM, SYRK, SYR2K and the batched GEMMs alpha = 1, beta = 0; TRMM\n"
    "  and TRSM alpha = 1; GEAM alpha = beta = 0.5; inputs uniform in [0.5, 1.5). Band\n"
    "  cases: k = the bandwidth (GBMV kl = ku = k). Triangular cases (TRMV ... TPSV, TRMM,\n"
    "  TRSM and each matrix of TRSM's batch): A's off-diagonals scaled by 0.5 / n (band: 0.5 / (k + 1)) and\n"
    "  its diagonal set so that op(A) (products) or op(A)^-1 (solves), op(A)^T on a right\n"
    "  side, is nonnegative with unit row sums: x (B) stays within its first values' range\n"
    "  over any number of in-place calls (bench/bench_tri_body.h says why). TRMM out of place\n"
    "  (C separate from B). Batches: the matrices one after another (the stride one matrix);\n"
    "  the pointer-array forms get device (GPU) or host (CPU) arrays of pointers to the same\n"
    "  matrices. OpenBLAS has no call of some forms: TRMM is B copied into C, then CBLAS's\n"
    "  in-place TRMM; GEAM omatcopy of the transposed (or A) operand into C, then axpy of the\n"
    "  other (in place: one axpby); DGMM per column, copy and a band-0 TBMV (left) or axpby\n"
    "  (right); the batches a loop of GEMM or TRSM calls.\n"
    "  Results (DOT, NRM2, ASUM, IAMAX, IAMIN) in device pointer mode on\n"
    "  the GPU. ROTG and ROTMG (scalars only) have no case. chain_loop / chain_graph: per-call\n"
    "  cost (us) of 1000 x (GEMV + DOT), n = 64,\n"
    "  device pointer mode, as a host loop or as one CUDA graph replayed, against cuBLAS's host\n"
    "  loop. staged_gemv / staged_gemm (GPU): gblas_us is the device-resident call, ref_us the\n"
    "  same call host-staged (copy in, compute, copy out, pageable host memory), so speedup is\n"
    "  what staying on the device is worth; both timed with the host clock through\n"
    "  synchronisation.\n"
    "Timing: GPU: device-resident data made once, one warm-up pair, CUDA events around each\n"
    "  repetition, L2 flushed before each (memset of 256 MB). CPU: monotonic clock, warm-up and\n"
    "  calibration, each sample a batch of calls lasting about 2 ms (0.5 ms with --quick), gblas\n"
    "  and OpenBLAS samples alternating; with more than one thread each sample follows a pause\n"
    "  (--settle) and one untimed call that wakes that library's workers (calls under 100 ms).\n"
    "  A multi-thread run re-executes itself with OPENBLAS_THREAD_TIMEOUT=22 (unless set), so\n"
    "  OpenBLAS's idle workers stop spinning within that pause too (default: about 0.1 s).\n"
    "OpenBLAS's kernels: a CPU run re-executes itself with OPENBLAS_CORETYPE=SkylakeX (unless\n"
    "  set) when the CPU has AVX-512 and OpenBLAS picked another core (0.3.21 takes some AVX-512\n"
    "  CPUs for Haswell or Zen, Zen 4 for Cooperlake, which lacks some AVX-512 kernels); the\n"
    "  core that ran is in the '# reference:' line.\n"
    "  Other processes on the host distort multi-thread numbers badly: run on a quiet host.\n"
    "Exit status: 0 when every case ran and matched, 1 when any failed, 2 on a usage error.\n";

int bench_default_threads(void) { return omp_get_max_threads(); }

/* "2^P" or a plain decimal number; -1 when malformed. */
static int64_t parse_count(const char *s, const char **end) {
    char *e;
    long long v = strtoll(s, &e, 10);
    if (e == s || v < 0) return -1;
    if (*e == '^') {
        const char *p = e + 1;
        long long pw = strtoll(p, &e, 10);
        if (e == p || v != 2 || pw < 0 || pw > 62) return -1;
        v = 1LL << pw;
    }
    *end = e;
    return v;
}

/* Splits a comma-separated list and hands each item to add; -1 on the first bad item. */
static int for_each_item(const char *list, int (*add)(bench_options *, const char *),
                         bench_options *o) {
    char buf[512];
    if (strlen(list) >= sizeof buf) return -1;
    strcpy(buf, list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save))
        if (add(o, tok)) return -1;
    return 0;
}

static int add_routine(bench_options *o, const char *s) {
    const int r = bench_routine_from_name(s);
    o->any_routine = 1;
    if (r >= 0 && (r >= BENCH_TABLE_ROUTINES || bench_routine_table[r].calls)) {
        o->routines[r] = 1;
        return 0;
    }
    if (!strcmp(s, "chain")) {
        o->routines[BENCH_CHAIN_LOOP] = o->routines[BENCH_CHAIN_GRAPH] = 1;
        return 0;
    }
    if (!strcmp(s, "staged")) {
        o->routines[BENCH_STAGED_GEMV] = o->routines[BENCH_STAGED_GEMM] = 1;
        return 0;
    }
    return -1;
}

/* The routines of the table the bench can call, for --help. */
static void print_table_routines(void) {
    printf("\nRoutines of the table (routines/table.py):");
    for (int r = 0; r < BENCH_TABLE_ROUTINES; r++)
        if (bench_routine_table[r].calls) printf(" %s", bench_routine_table[r].name);
    printf("\n");
}

static int add_precision(bench_options *o, const char *s) {
    if (!strcmp(s, "s")) o->prec_s = 1;
    else if (!strcmp(s, "d")) o->prec_d = 1;
    else if (!strcmp(s, "c")) o->prec_c = 1;
    else if (!strcmp(s, "z")) o->prec_z = 1;
    else return -1;
    return 0;
}

static int add_trans(bench_options *o, const char *s) {
    const size_t len = strlen(s);
    if (len < 1 || len > 4 || strspn(s, "NTLUR") != len || o->n_trans >= BENCH_LIST_MAX) return -1;
    strcpy(o->trans[o->n_trans++], s);
    return 0;
}

static int add_size(bench_options *o, const char *s) {
    if (o->n_sizes >= BENCH_LIST_MAX) return -1;
    int dims = 0;
    for (;;) {
        const char *e;
        int64_t v = parse_count(s, &e);
        if (v < 0 || dims == 3) return -1;
        o->sizes[o->n_sizes][dims++] = v;
        if (*e == '\0') break;
        if (*e != 'x') return -1;
        s = e + 1;
    }
    o->size_dims[o->n_sizes++] = dims;
    return 0;
}

static int add_inc(bench_options *o, const char *s) {
    char *e;
    long long v = strtoll(s, &e, 10);
    if (e == s || *e || v == 0 || o->n_incs >= BENCH_LIST_MAX) return -1;
    o->incs[o->n_incs++] = v;
    return 0;
}

static int add_threads(bench_options *o, const char *s) {
    char *e;
    long v = strtol(s, &e, 10);
    if (e == s || *e || v < 1 || v > 4096 || o->n_threads >= BENCH_LIST_MAX) return -1;
    o->threads[o->n_threads++] = (int)v;
    return 0;
}

static int set_backend(bench_options *o, const char *s) {
    o->cpu = !strcmp(s, "cpu") || !strcmp(s, "all");
    o->cuda = !strcmp(s, "cuda") || !strcmp(s, "all");
    o->cuda_required = !strcmp(s, "cuda");
    return o->cpu || o->cuda ? 0 : -1;
}

int bench_parse_options(int argc, char **argv, bench_options *o) {
    memset(o, 0, sizeof *o);
    o->cpu = o->cuda = 1;
    o->settle_ms = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0, takes_value = 1;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(help_text, stdout);
            print_table_routines();
            printf("\nOn this host the OpenMP maximum is %d threads.\n", bench_default_threads());
            return 1;
        } else if (!strcmp(a, "--quick")) {
            o->quick = 1, takes_value = 0;
        } else if (!strcmp(a, "--list")) {
            o->list_only = 1, takes_value = 0;
        } else if (!v) {
            fprintf(stderr, "gblas-bench: %s needs a value (see --help)\n", a);
            return -1;
        } else if (!strcmp(a, "--backend")) {
            bad = set_backend(o, v);
        } else if (!strcmp(a, "--routine")) {
            bad = for_each_item(v, add_routine, o);
        } else if (!strcmp(a, "--precision")) {
            bad = for_each_item(v, add_precision, o);
        } else if (!strcmp(a, "--trans")) {
            bad = for_each_item(v, add_trans, o);
        } else if (!strcmp(a, "--size")) {
            bad = for_each_item(v, add_size, o);
        } else if (!strcmp(a, "--inc")) {
            bad = for_each_item(v, add_inc, o);
        } else if (!strcmp(a, "--threads")) {
            bad = for_each_item(v, add_threads, o);
        } else if (!strcmp(a, "--reps")) {
            char *e;
            long r = strtol(v, &e, 10);
            bad = e == v || *e || r < 1 || r > 100000;
            o->reps = (int)r;
        } else if (!strcmp(a, "--budget")) {
            char *e;
            o->budget_s = strtod(v, &e);
            bad = e == v || *e || !(o->budget_s > 0);
        } else if (!strcmp(a, "--settle")) {
            char *e;
            o->settle_ms = strtod(v, &e);
            bad = e == v || *e || !(o->settle_ms >= 0 && o->settle_ms <= 500);
        } else if (!strcmp(a, "--csv")) {
            o->csv_path = v;
        } else {
            fprintf(stderr, "gblas-bench: unknown option %s (see --help)\n", a);
            return -1;
        }
        if (bad) {
            fprintf(stderr, "gblas-bench: bad value '%s' for %s (see --help)\n", v, a);
            return -1;
        }
        i += takes_value;
    }
    if (!o->prec_s && !o->prec_d && !o->prec_c && !o->prec_z)
        o->prec_s = o->prec_d = o->prec_c = o->prec_z = 1;
    if (o->n_threads == 0) {
        int max = bench_default_threads();
        o->threads[o->n_threads++] = 1;
        if (max > 1) o->threads[o->n_threads++] = max;
    }
    return 0;
}

static int size_matches(const bench_options *o, const bench_case *c) {
    int64_t d[3];
    int nd = bench_case_dims(c, d);
    for (int i = 0; i < o->n_sizes; i++) {
        int match = 1;
        for (int j = 0; j < nd && match; j++)
            match = o->size_dims[i] == 1 ? d[j] == o->sizes[i][0]
                                         : o->size_dims[i] == nd && d[j] == o->sizes[i][j];
        if (match) return 1;
    }
    return 0;
}

int bench_case_selected(const bench_options *o, const bench_case *c) {
    if (o->any_routine && !o->routines[c->routine]) return 0;
    const int prec = c->prec == 's'   ? o->prec_s
                     : c->prec == 'd' ? o->prec_d
                     : c->prec == 'c' ? o->prec_c
                                      : o->prec_z;
    if (!prec) return 0;
    if (o->n_trans) {
        int match = 0;
        for (int i = 0; i < o->n_trans; i++) match |= !strcmp(o->trans[i], c->trans);
        if (!match) return 0;
    }
    if (o->n_sizes && !size_matches(o, c)) return 0;
    if (o->n_incs) {
        int match = 0;
        for (int i = 0; i < o->n_incs; i++) match |= o->incs[i] == c->inc;
        if (!match) return 0;
    }
    return 1;
}
