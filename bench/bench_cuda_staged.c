/* bench_cuda_staged.c: what staying on the device is worth: one GEMM and one GEMV called on
 * device-resident data (gblas_us), against the same call host-staged as a program that keeps
 * its data on the host would make it: copy the inputs in, compute, copy the output out, from
 * and to pageable host memory (ref_us, ref_name gblas_staged). Both through gblas, both timed
 * with the host clock through stream synchronisation. Checked: the staged output of the first
 * call against the resident one. */
#include <stdlib.h>
#include <string.h>

#include "bench_cuda.h"

typedef struct {
    const bench_case *c;
    bench_buffers dev; /* inputs; out[0] the resident output, out[1] the staged one */
    void *host_in0, *host_in1, *host_out0, *host_out; /* pageable: inputs, first y, result */
} staged_job;

/* Copy in (A, then B or x, then y for GEMV since beta = 1), compute on out[1], copy out. */
static gblas_status_t staged_call(bench_cuda *env, staged_job *j) {
    const bench_case *c = j->c;
    const size_t es = bench_elem_size(c);
    const int gemm = c->routine == BENCH_STAGED_GEMM;
    const int64_t rows_a = c->m, cols_a = gemm ? c->k : c->n;
    bench_buffers view = j->dev;
    view.out[BENCH_SIDE_GBLAS] = j->dev.out[1];
    gblas_status_t st =
        gblas_set_matrix(env->h, rows_a, cols_a, es, j->host_in0, rows_a, j->dev.in0, rows_a);
    if (st == GBLAS_STATUS_SUCCESS && gemm)
        st = gblas_set_matrix(env->h, c->k, c->n, es, j->host_in1, c->k, j->dev.in1, c->k);
    if (st == GBLAS_STATUS_SUCCESS && !gemm)
        st = gblas_set_vector(env->h, c->n, es, j->host_in1, 1, j->dev.in1, 1);
    if (st == GBLAS_STATUS_SUCCESS && !gemm)
        st = gblas_set_vector(env->h, c->m, es, j->host_out0, 1, j->dev.out[1], 1);
    if (st == GBLAS_STATUS_SUCCESS) st = bench_gblas_call(env->h, c, &view);
    if (st == GBLAS_STATUS_SUCCESS)
        st = gemm ? gblas_get_matrix(env->h, c->m, c->n, es, j->dev.out[1], c->m, j->host_out, c->m)
                  : gblas_get_vector(env->h, c->m, es, j->dev.out[1], 1, j->host_out, 1);
    return st;
}

static int staged_side(bench_cuda *env, void *p, int side) {
    staged_job *j = p;
    const gblas_status_t st =
        side == BENCH_SIDE_GBLAS ? bench_gblas_call(env->h, j->c, &j->dev) : staged_call(env, j);
    if (st == GBLAS_STATUS_SUCCESS) return 0;
    fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(j->c->routine),
            bench_gblas_error(env->h, st));
    return -1;
}

static int prepare(bench_cuda *env, staged_job *j) {
    const bench_case *c = j->c;
    const size_t es = bench_elem_size(c);
    bench_buffers *b = &j->dev;
    bench_case_elems(c, b);
    if (bench_cuda_alloc_buffers(env, c, b) ||
        bench_cuda_fail(cudaStreamSynchronize(env->stream), "fill"))
        return -1;
    j->host_in0 = bench_cuda_fetch(b->in0, (size_t)b->in0_elems * es);
    j->host_in1 = bench_cuda_fetch(b->in1, (size_t)b->in1_elems * es);
    j->host_out0 = bench_cuda_fetch(b->out[0], (size_t)b->out_elems * es);
    j->host_out = malloc((size_t)b->out_elems * es);
    return j->host_in0 && j->host_in1 && j->host_out0 && j->host_out &&
                   gblas_set_pointer_mode(env->h, GBLAS_POINTER_MODE_HOST) == GBLAS_STATUS_SUCCESS
               ? 0
               : -1;
}

static int check_first_calls(bench_cuda *env, staged_job *j) {
    const size_t bytes = (size_t)j->dev.out_elems * bench_elem_size(j->c);
    if (staged_side(env, j, BENCH_SIDE_GBLAS) || staged_side(env, j, BENCH_SIDE_REF) ||
        bench_cuda_fail(cudaStreamSynchronize(env->stream), "first calls"))
        return 0;
    void *resident = bench_cuda_fetch(j->dev.out[0], bytes);
    double worst = 0;
    const int ok = resident &&
                   bench_check(j->c, resident, j->host_out, bench_out_reals(j->c, &j->dev), &worst);
    if (resident && !ok)
        fprintf(stderr,
                "gblas-bench: %s: staged result differs from resident: max |g - r| / tol = %g\n",
                bench_routine_name(j->c->routine), worst);
    free(resident);
    return ok;
}

void bench_cuda_staged(bench_cuda *env, const bench_options *o, bench_report *r,
                       const bench_case *c) {
    bench_row row = {*c, "cuda", 0, -1, -1, "gblas_staged", 0, 0, 0};
    staged_job j;
    memset(&j, 0, sizeof j);
    j.c = c;
    row.ceiling = bench_case_ceiling(c, &env->ceilings);
    if (prepare(env, &j) == 0) {
        const bench_cuda_timed t = {staged_side, &j, 1, 1};
        row.checked = check_first_calls(env, &j);
        if (bench_cuda_time(env, o, &t, &row)) row.checked = 0;
    }
    bench_report_row(r, &row);
    bench_free_buffers(env->h, &j.dev);
    free(j.host_in0);
    free(j.host_in1);
    free(j.host_out0);
    free(j.host_out);
}
