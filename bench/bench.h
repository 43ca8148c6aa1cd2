/* bench.h: shared types of gblas-bench, which times gblas against the reference BLAS of the
 * same backend (OpenBLAS on the CPU, cuBLAS on CUDA) in one process, interleaved, checks every
 * case against the reference, and reports rates against ceilings measured in the same run.
 * Backend-neutral parts: cases and filters, buffers, the gblas side of a call, the check, the
 * report. The CPU runner is bench_cpu*.c, the CUDA runner bench_cuda*.c. */
#ifndef GBLAS_BENCH_H
#define GBLAS_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_routines_gen.h"
#include "gblas.h"

/* A case's routine: one of the routine table's (bench_routines_gen.h: BENCH_DOT ... in table
 * order), or one of the bench's own kinds of case after them. */
enum {
    BENCH_CHAIN_LOOP = BENCH_TABLE_ROUTINES, /* 1000 x (GEMV + DOT), n = 64, device pointer
                                                mode, host loop */
    BENCH_CHAIN_GRAPH, /* the same chain captured once into a CUDA graph and replayed */
    BENCH_STAGED_GEMV, /* device-resident call against copy in, compute, copy out */
    BENCH_STAGED_GEMM,
    BENCH_GEAM_INPLACE, /* geam with C == A (transa N, ldc == lda): C = alpha C + beta op(B) */
    BENCH_ROUTINE_COUNT
};
typedef int bench_routine;

enum { BENCH_SIDE_GBLAS = 0, BENCH_SIDE_REF = 1 };

/* Scalars of every case, BENCH_<ROUTINE>_<ARGUMENT> (the generated calls use them by that
 * name); the check's tolerance and the byte counts assume them. Routines that update x and y in
 * place apply a rotation, so the data stay bounded over any number of calls. */
#define BENCH_AXPY_ALPHA 0.5
#define BENCH_SCAL_ALPHA (-1.0) /* keeps x bounded and exact over any number of calls */
#define BENCH_ROT_C 0.6
#define BENCH_ROT_S 0.8
/* The complex cases' scalars (initializers {re, im}; the generated calls use
 * BENCH_<ROUTINE>_<ARGUMENT>_C where the argument is complex): SCAL by i (exact, x cycles with
 * period 4), ROT by s of modulus 0.8 with c = 0.6 (unitary: the data stay bounded), AXPY's
 * alpha with both parts nonzero. The real-scalar forms (csscal, csrot) take SCAL's and ROT's
 * real constants. */
#define BENCH_AXPY_ALPHA_C {0.5, 0.25}
#define BENCH_SCAL_ALPHA_C {0.0, 1.0}
#define BENCH_ROT_S_C {0.48, 0.64}
#define BENCH_SCAL_REAL_ALPHA BENCH_SCAL_ALPHA
#define BENCH_ROT_REAL_C BENCH_ROT_C
#define BENCH_ROT_REAL_S BENCH_ROT_S
#define BENCH_ROTM_PARAM {-1.0, 0.6, -0.8, 0.8, 0.6} /* flag -1: the full H = [0.6 0.8; -0.8 0.6] */
#define BENCH_GEMV_ALPHA 1.0
#define BENCH_GEMV_BETA 1.0 /* so y is read (and counted) */
/* The other matrix-vector products: beta = 1 as GEMV's, so y is read and counted, and grows
 * by at most one product's magnitude per call (linearly, never geometrically). */
#define BENCH_GBMV_ALPHA 1.0
#define BENCH_GBMV_BETA 1.0
#define BENCH_SYMV_ALPHA 1.0
#define BENCH_SYMV_BETA 1.0
#define BENCH_SBMV_ALPHA 1.0
#define BENCH_SBMV_BETA 1.0
#define BENCH_SPMV_ALPHA 1.0
#define BENCH_SPMV_BETA 1.0
/* Rank-1 and rank-2 updates: A grows by at most 2 alpha BENCH_DATA_MAX^2 per call, linearly
 * (alpha = 0 would be a quick return, not a measurement). */
#define BENCH_GER_ALPHA 1.0
#define BENCH_SYR_ALPHA 1.0
#define BENCH_SPR_ALPHA 1.0
#define BENCH_SYR2_ALPHA 1.0
#define BENCH_SPR2_ALPHA 1.0
/* Triangular routines (TRMV ... TPSV, TRMM, TRSM) rewrite the filled A so that op(A)
 * (products) or op(A)^-1 (solves) is row-stochastic (op(A)^T on a right side): off-diagonals
 * scaled by BENCH_TRI_OFFDIAG / L (L = n, or k + 1 for a band), so every row of op(A) sums to
 * less than BENCH_TRI_RHO off its diagonal; bench_tri_body.h says why. */
#define BENCH_TRI_OFFDIAG 0.5
#define BENCH_TRI_RHO (BENCH_TRI_OFFDIAG * BENCH_DATA_MAX)
#define BENCH_GEMM_ALPHA 1.0
#define BENCH_GEMM_BETA 0.0
/* Level 3 and the batches: alpha = 1, beta = 0 as GEMM's, so C never compounds over calls.
 * The batched CPU references loop over GEMM and TRSM calls with those routines' constants:
 * the batches use the same. TRMM and TRSM (and TRSM's batch) condition A as the triangular
 * Level-2 routines do (bench_tri_body.h), so the in-place TRSM stays bounded. */
#define BENCH_SYMM_ALPHA 1.0
#define BENCH_SYMM_BETA 0.0
#define BENCH_SYRK_ALPHA 1.0
#define BENCH_SYRK_BETA 0.0
#define BENCH_SYR2K_ALPHA 1.0
#define BENCH_SYR2K_BETA 0.0
#define BENCH_TRMM_ALPHA 1.0
#define BENCH_TRSM_ALPHA 1.0
#define BENCH_GEMM_STRIDED_BATCHED_ALPHA BENCH_GEMM_ALPHA
#define BENCH_GEMM_STRIDED_BATCHED_BETA BENCH_GEMM_BETA
#define BENCH_GEMM_BATCHED_ALPHA BENCH_GEMM_ALPHA
#define BENCH_GEMM_BATCHED_BETA BENCH_GEMM_BETA
#define BENCH_TRSM_BATCHED_ALPHA BENCH_TRSM_ALPHA
/* GEAM's weights: a mean of A and B, so the in-place case (C = 0.5 C + 0.5 B) stays within
 * the data's range over any number of calls; neither is 0 or 1 (no shortcut path). */
#define BENCH_GEAM_ALPHA 0.5
#define BENCH_GEAM_BETA 0.5
/* Inputs are uniform in [BENCH_DATA_MIN, BENCH_DATA_MAX): random, never zero. */
#define BENCH_DATA_MIN 0.5
#define BENCH_DATA_MAX 1.5
#define BENCH_CHAIN_N 64
#define BENCH_CHAIN_LENGTH 1000

typedef struct {
    bench_routine routine;
    char prec;       /* 's', 'd', 'c' or 'z' (complex: Level 1 only) */
    /* one letter per enumeration argument, in BLAS order: GEMV "N" / "T", GEMM "NN" ...
     * "TT", SYMV "L" / "U" (uplo), TRMV "LNU" (uplo, trans, diag), TRSM "LLNN" (side, uplo,
     * trans, diag); "" where it has none */
    char trans[5];
    int64_t m, n, k; /* 0 where the routine has no such dimension; band routines: k is the
                        bandwidth (GBMV: kl = ku = k) */
    int64_t inc;     /* increment of x and y */
    int64_t batch;   /* batch count of a batched routine; 0 for the others */
} bench_case;

/* The matrix of a triangular case (TRMV, TBMV, TPMV, TRSV, TBSV, TPSV) as the conditioning
 * of its data sees it (bench_tri_body.h). */
enum { BENCH_TRI_FULL, BENCH_TRI_BAND, BENCH_TRI_PACKED };
typedef struct {
    int64_t n, k;  /* order; band: off-diagonals */
    int64_t count; /* matrices, one after another (TRSM's batch); 1 otherwise */
    int storage;   /* BENCH_TRI_FULL, _BAND or _PACKED */
    int upper;     /* uplo U */
    int trans;     /* the rows conditioned are those of A^T (op(A) = A^T, or a right side's
                      op(A) = A: x^T op(A) is op(A)^T x) */
    int solve;     /* TRSV, TBSV, TPSV, TRSM */
    int unit;      /* diag U */
    double scale;  /* of the off-diagonals: BENCH_TRI_OFFDIAG / L */
} bench_tri;

typedef struct {
    bench_case *v;
    size_t count, cap;
} bench_case_list;

#define BENCH_LIST_MAX 16
typedef struct {
    int cpu, cuda;     /* backends to run */
    int cuda_required; /* --backend cuda: no device is an error, not a skip */
    int any_routine;                             /* 0: every routine */
    unsigned char routines[BENCH_ROUTINE_COUNT]; /* 1 per selected routine */
    int prec_s, prec_d, prec_c, prec_z;
    int n_trans;
    char trans[BENCH_LIST_MAX][5];
    int n_sizes;
    int size_dims[BENCH_LIST_MAX]; /* 1: N, 2: MxN, 3: MxNxK */
    int64_t sizes[BENCH_LIST_MAX][3];
    int n_incs;
    int64_t incs[BENCH_LIST_MAX];
    int n_threads;
    int threads[BENCH_LIST_MAX]; /* CPU thread counts to run */
    int reps;                    /* 0 = the default */
    double budget_s;             /* 0 = the backend's default */
    double settle_ms;            /* CPU pause before multi-thread samples; < 0 = measured */
    int quick, list_only;
    const char *csv_path;
} bench_options;

/* Backend memory of one case (gblas_malloc), shared by both sides except the outputs. The
 * routine's read-only vectors and matrices are in0, in1 in argument order (DOT x, y; GEMV A, x;
 * GEMM A, B); all it writes, or its result, lies in out[side], one operand after another (ROT
 * x then y), so one comparison of out[0] with out[1] checks it all. A batch's matrices lie one
 * after another in their buffer (the stride of a strided batch is one matrix); a routine
 * taking arrays of pointers gets arrays in backend memory whose i-th entry points to the i-th
 * matrix of in0, in1 and out[side]. */
typedef struct {
    void *in0, *in1;
    void *out[2]; /* per side */
    int64_t in0_elems, in1_elems, out_elems;
    size_t out_es; /* bytes per output element: the case's type, or an int64_t index */
    int in_place;  /* the first input is the side's output (geam_inplace: in0 unused) */
    void *arr_in0, *arr_in1, *arr_out[2]; /* pointer arrays (gemm_batched, trsm_batched) */
} bench_buffers;

/* What a rate is measured against, in the rate's unit; 0 where not measured. */
typedef struct {
    double read_gbs, copy_gbs; /* streaming read; copy (read + write) */
    double flops_s, flops_d;   /* GFLOP/s */
} bench_ceilings;

typedef struct {
    bench_case c;
    const char *backend;     /* "cpu" or "cuda" */
    int threads;             /* CPU thread count; 0 on the GPU */
    double gblas_us, ref_us; /* median per call; negative when not measured */
    const char *ref_name;
    double ceiling; /* in the rate's unit; 0 = none */
    int checked;    /* 1 when gblas matched the reference */
    int reps;
} bench_row;

typedef struct {
    FILE *csv;
    int header_written;
    int rows, failures;
} bench_report;

/* bench_options.c */
int bench_parse_options(int argc, char **argv, bench_options *o); /* 0, 1 = --help, -1 = error */
int bench_case_selected(const bench_options *o, const bench_case *c);
int bench_default_threads(void);

/* bench_cases.c */
const char *bench_routine_name(bench_routine r);
int bench_routine_from_name(const char *name); /* -1 when unknown */
/* The table routine a case calls: its own, GEMV or GEMM for the staged cases, -1 for chains. */
int bench_case_table_routine(const bench_case *c);
int64_t bench_vec_elems(int64_t n, int64_t inc); /* elements a strided vector spans */
/* The case's letter of an enumeration argument: 'N' or 'T'; 'L' or 'U'; 'N' or 'U'; 'L' or 'R'. */
gblas_operation_t bench_gblas_op(char t);
gblas_fill_mode_t bench_gblas_uplo(char t);
gblas_diag_type_t bench_gblas_diag(char t);
gblas_side_mode_t bench_gblas_side(char t);
void bench_build_cases(bench_case_list *l, const bench_options *o, int gpu);
void bench_free_cases(bench_case_list *l);
int bench_case_dims(const bench_case *c, int64_t d[3]);
void bench_case_elems(const bench_case *c, bench_buffers *b); /* sizes, out_es */
size_t bench_elem_size(const bench_case *c);
/* The case's real precision ('s' for s and c, 'd' for d and z), the size of one real of it,
 * and the reals per element (2 for a complex case). */
char bench_real_prec(const bench_case *c);
size_t bench_real_size(const bench_case *c);
int bench_parts(const bench_case *c);
/* Reals in one side's output buffer (what the fill writes and the check compares); 0 for an
 * index result. */
int64_t bench_out_reals(const bench_case *c, const bench_buffers *b);
/* Useful work of one call: bytes or FLOP, and the rate unit it gives. */
double bench_case_work(const bench_case *c, const char **unit);
double bench_case_ceiling(const bench_case *c, const bench_ceilings *cl);
/* What the case's rate is compared with: the table's kind, except that the batches of the
 * smallest GEMMs (m, n, k <= BENCH_BATCH_BANDWIDTH_MAX) move more bytes than they compute
 * and are rated in GB/s against the copy ceiling. */
bench_ceiling_kind bench_case_ceiling_kind(const bench_case *c);
#define BENCH_BATCH_BANDWIDTH_MAX 16
/* 1 for a triangular case, with its matrix described in *t; 0 otherwise. */
int bench_case_tri(const bench_case *c, bench_tri *t);
/* 1 when the case's routine takes arrays of pointers (gemm_batched, trsm_batched). */
int bench_case_arrays(const bench_case *c);
/* y's elements of a routine with a beta (GEMV, GBMV, SYMV, SBMV, SPMV; 0 for any other): the
 * bench's beta = 1 reads y, which the table's byte count leaves out. */
int64_t bench_case_beta_y(const bench_case *c);

/* bench_routines_gen.c (generated from the routine table): per table routine, the case's
 * buffer sizes (not out_es), its FLOP and bytes as the table counts them, and one gblas call on
 * the case's buffers, writing out[BENCH_SIDE_GBLAS]. */
void bench_table_elems(const bench_case *c, bench_buffers *b);
double bench_table_flops(const bench_case *c);
double bench_table_bytes(const bench_case *c);
gblas_status_t bench_gblas_call(gblas_handle_t h, const bench_case *c, bench_buffers *b);

/* bench_check.c: 1 when out_g matches out_r within the case's scaled tolerance (an index
 * result: exactly), over reals reals (bench_out_reals; a complex part is one). worst gets the
 * largest |difference| / tolerance (an index: |difference|). */
int bench_check(const bench_case *c, const void *out_g, const void *out_r, int64_t reals,
                double *worst);
/* The same for a given reduction length k and bound s on |sum of terms|. */
int bench_check_scaled(char prec, const void *out_g, const void *out_r, int64_t elems, double k,
                       double s, double *worst);

/* bench_util.c */
double bench_now_us(void);             /* monotonic clock */
double bench_median(double *v, int n); /* sorts v */
void bench_fill_host(void *p, int64_t elems, size_t elem_size, uint64_t seed);
/* Conditions a triangular case's filled A (in0) in host memory; nothing for other cases. */
void bench_condition_host(const bench_case *c, bench_buffers *b);
/* For a routine taking arrays of pointers (bench_case_arrays): allocates the arrays of the
 * case's buffers with gblas_malloc and writes each (the i-th entry: the i-th matrix of the
 * buffer) through store, a copy from host memory into backend memory. 0, or -1 (allocation
 * or store failed; gblas_last_error may say why). */
int bench_alloc_arrays(gblas_handle_t h, const bench_case *c, bench_buffers *b,
                       int (*store)(void *dst, const void *src, size_t bytes));
/* gblas_free of every buffer and pointer array of the case; b is zeroed. */
void bench_free_buffers(gblas_handle_t h, bench_buffers *b);
const char *bench_gblas_error(gblas_handle_t h, gblas_status_t s);

/* bench_report.c */
int bench_report_open(bench_report *r, const char *csv_path);
void bench_report_meta(bench_report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void bench_report_begin(bench_report *r, const char *backend);
void bench_report_row(bench_report *r, const bench_row *row);
void bench_report_close(bench_report *r);

/* bench_cpu.c: the CPU backend against OpenBLAS. */
typedef struct bench_cpu bench_cpu;
int bench_cpu_open(bench_cpu **env, const bench_options *o, bench_report *r);
void bench_cpu_run(bench_cpu *env, const bench_options *o, bench_report *r);
void bench_cpu_close(bench_cpu *env);

#ifdef GBLAS_BENCH_CUDA
/* bench_cuda.c: the CUDA backend against cuBLAS. */
typedef struct bench_cuda bench_cuda;
int bench_cuda_open(bench_cuda **env, const bench_options *o, bench_report *r);
void bench_cuda_run(bench_cuda *env, const bench_options *o, bench_report *r);
void bench_cuda_close(bench_cuda *env);
#endif

#endif /* GBLAS_BENCH_H */
