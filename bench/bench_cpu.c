/* bench_cpu.c: gblas-bench's CPU runner: the gblas CPU backend against OpenBLAS, in one
 * process, at each thread count. Per case and thread count: both outputs refilled, one call of
 * each side checked, each side calibrated to samples of about 2 ms (a batch of calls), then
 * gblas and OpenBLAS samples alternate until --reps or the time budget; medians reported.
 * With more than one thread, each library's idle workers keep spinning for a while after a
 * call (libgomp's for milliseconds) and would steal the cores from the other library's next
 * sample; so every sample starts after a pause longer than that spin, and with one untimed
 * call that wakes this side's own workers. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_cpu.h"

#define SEED_IN0 1
#define SEED_IN1 2
#define SEED_OUT 3
#define MAX_INNER (1 << 20)
#define WAKE_CALL_MAX_US 1e5 /* calls longer than this need no untimed call to wake workers */

struct bench_cpu {
    gblas_handle_t h;
    double settle_us;                        /* the pause before a multi-thread sample */
    bench_ceilings ceilings[BENCH_LIST_MAX]; /* per entry of the options' thread list */
};

/* One case at one thread count; a failing gblas call's status is kept for the message. */
typedef struct {
    gblas_handle_t h;
    const bench_case *c;
    bench_buffers *b;
    gblas_status_t status;
    double settle_us; /* 0 with one thread */
    int wake_call[2]; /* per side: make an untimed call after the pause */
} cpu_job;

static int call_side(cpu_job *j, int side) {
    if (side == BENCH_SIDE_REF) {
        bench_cblas_call(j->c, j->b);
        return 0;
    }
    j->status = bench_gblas_call(j->h, j->c, j->b);
    return j->status == GBLAS_STATUS_SUCCESS ? 0 : -1;
}

static int time_batch(cpu_job *j, int side, int count, double *us) {
    if (j->settle_us > 0) {
        const struct timespec pause = {0, (long)(j->settle_us * 1e3)};
        nanosleep(&pause, NULL);
        if (j->wake_call[side] && call_side(j, side)) return -1;
    }
    const double t0 = bench_now_us();
    for (int i = 0; i < count; i++)
        if (call_side(j, side)) return -1;
    *us = bench_now_us() - t0;
    return 0;
}

/* Calls per sample so that a sample lasts about sample_us. The last batch timed is returned in
 * *first_us, and is a valid first sample when it already had *inner calls. */
static int calibrate(cpu_job *j, int side, double sample_us, int *inner, double *first_us) {
    for (int n = 1;; n *= 4) {
        double t;
        if (time_batch(j, side, n, &t)) return -1;
        if (t >= sample_us / 4 || n >= MAX_INNER) {
            const double per_call = t > 0 ? t / n : 1e-3;
            const double want = sample_us / per_call;
            *inner = want < 1 ? 1 : want > MAX_INNER ? MAX_INNER : (int)want;
            *first_us = *inner == n ? t : -1;
            return 0;
        }
    }
}

/* Times both sides into row; returns -1 when a gblas call failed. */
static int measure(cpu_job *j, const bench_options *o, bench_row *row) {
    const double sample_us = o->quick ? 500 : 2000;
    const double budget_us = 1e6 * (o->budget_s > 0 ? o->budget_s : o->quick ? 0.2 : 1.0);
    const int want = o->reps ? o->reps : o->quick ? 5 : 20;
    int inner[2];
    double first[2];
    for (int s = 0; s < 2; s++)
        if (calibrate(j, s, sample_us, &inner[s], &first[s])) return -1;

    /* Repetitions: capped by the budget, at least 3 when one pair of samples fits in it. */
    const double pair_us =
        (first[0] > 0 ? first[0] : sample_us) + (first[1] > 0 ? first[1] : sample_us);
    const int fit = (int)(budget_us / pair_us);
    const int cap = fit >= 1 ? (fit > 3 ? fit : 3) : 1;
    const int reps = want < cap ? want : cap;

    double *t[2];
    t[0] = malloc(2 * (size_t)reps * sizeof(double));
    if (!t[0]) return -1;
    t[1] = t[0] + reps;
    int have[2] = {0, 0};
    for (int s = 0; s < 2; s++)
        if (first[s] > 0) t[s][have[s]++] = first[s] / inner[s];
    for (int rep = 0; rep < reps; rep++) {
        for (int s = 0; s < 2; s++) {
            double us;
            if (have[s] > rep) continue;
            if (time_batch(j, s, inner[s], &us)) {
                free(t[0]);
                return -1;
            }
            t[s][have[s]++] = us / inner[s];
        }
    }
    row->gblas_us = bench_median(t[0], have[0]);
    row->ref_us = bench_median(t[1], have[1]);
    row->reps = reps;
    free(t[0]);
    return 0;
}

static void run_threads(bench_cpu *env, const bench_options *o, bench_report *r,
                        const bench_case *c, bench_buffers *b, int ti) {
    const int threads = o->threads[ti];
    const int64_t out_reals = bench_out_reals(c, b);
    bench_row row = {*c, "cpu", threads, -1, -1, "openblas", 0, 0, 0};
    cpu_job j = {env->h, c, b, GBLAS_STATUS_SUCCESS, threads > 1 ? env->settle_us : 0, {0, 0}};
    row.ceiling = bench_case_ceiling(c, &env->ceilings[ti]);

    gblas_status_t st = gblas_set_num_threads(env->h, threads);
    bench_cblas_set_threads(threads);
    /* The first call of each side, from the same outputs, is the one checked; its time says
     * whether later samples need an untimed call to wake the workers. */
    for (int s = 0; s < 2; s++) {
        if (out_reals)
            bench_fill_host(b->out[s], out_reals, bench_real_size(c), SEED_OUT);
        else
            memset(b->out[s], 0, (size_t)b->out_elems * b->out_es); /* an index */
    }
    double t0 = bench_now_us();
    if (st == GBLAS_STATUS_SUCCESS) st = bench_gblas_call(env->h, c, b);
    if (st != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(c->routine),
                bench_gblas_error(env->h, st));
        bench_report_row(r, &row);
        return;
    }
    double t1 = bench_now_us();
    bench_cblas_call(c, b);
    j.wake_call[BENCH_SIDE_GBLAS] = t1 - t0 < WAKE_CALL_MAX_US;
    j.wake_call[BENCH_SIDE_REF] = bench_now_us() - t1 < WAKE_CALL_MAX_US;
    double worst;
    row.checked = bench_check(c, b->out[0], b->out[1], bench_out_reals(c, b), &worst);
    if (!row.checked)
        fprintf(stderr, "gblas-bench: %s: gblas differs from OpenBLAS: max |g - r| / tol = %g\n",
                bench_routine_name(c->routine), worst);
    if (measure(&j, o, &row)) {
        fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(c->routine),
                bench_gblas_error(env->h, j.status));
        row.checked = 0;
    }
    bench_report_row(r, &row);
}

/* The CPU backend's memory is host memory: the pointer arrays are written in place. */
static int store_host(void *dst, const void *src, size_t bytes) {
    memcpy(dst, src, bytes);
    return 0;
}

static void run_case(bench_cpu *env, const bench_options *o, bench_report *r, const bench_case *c) {
    const size_t es = bench_elem_size(c);
    bench_buffers b;
    memset(&b, 0, sizeof b);
    bench_case_elems(c, &b);
    gblas_status_t st = gblas_malloc(env->h, &b.in0, (size_t)b.in0_elems * es);
    if (st == GBLAS_STATUS_SUCCESS) st = gblas_malloc(env->h, &b.in1, (size_t)b.in1_elems * es);
    for (int s = 0; s < 2 && st == GBLAS_STATUS_SUCCESS; s++)
        st = gblas_malloc(env->h, &b.out[s], (size_t)b.out_elems * b.out_es);
    if (st == GBLAS_STATUS_SUCCESS && bench_alloc_arrays(env->h, c, &b, store_host))
        st = GBLAS_STATUS_ALLOC_FAILED;
    if (st == GBLAS_STATUS_SUCCESS) {
        const size_t rs = bench_real_size(c); /* filled as reals: a complex part is one */
        const int64_t parts = bench_parts(c);
        if (b.in0) bench_fill_host(b.in0, b.in0_elems * parts, rs, SEED_IN0);
        bench_condition_host(c, &b); /* a triangular case's A (bench_tri_body.h) */
        if (b.in1) bench_fill_host(b.in1, b.in1_elems * parts, rs, SEED_IN1);
        for (int ti = 0; ti < o->n_threads; ti++) run_threads(env, o, r, c, &b, ti);
    } else {
        fprintf(stderr, "gblas-bench: %s: %s\n", bench_routine_name(c->routine),
                bench_gblas_error(env->h, st));
        for (int ti = 0; ti < o->n_threads; ti++) {
            bench_row row = {*c, "cpu", o->threads[ti], -1, -1, "openblas", 0, 0, 0};
            bench_report_row(r, &row);
        }
    }
    bench_free_buffers(env->h, &b);
}

static void cpu_model(char *buf, size_t cap) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    snprintf(buf, cap, "unknown CPU");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!strncmp(line, "model name", 10) && colon) {
            snprintf(buf, cap, "%s", colon + 2);
            buf[strcspn(buf, "\n")] = '\0';
            break;
        }
    }
    if (f) fclose(f);
}

/* How OpenBLAS's core was chosen (bench_main.c sets the variables). */
static void openblas_core_origin(char *buf, size_t cap) {
    const char *forced = getenv("OPENBLAS_CORETYPE");
    const char *detected = getenv("GBLAS_BENCH_DETECTED_CORE");
    if (forced && detected)
        snprintf(buf, cap, "OPENBLAS_CORETYPE=%s set by gblas-bench; OpenBLAS detected %s", forced,
                 detected);
    else if (forced)
        snprintf(buf, cap, "OPENBLAS_CORETYPE=%s from the environment", forced);
    else
        snprintf(buf, cap, "detected by OpenBLAS");
}

int bench_cpu_open(bench_cpu **envp, const bench_options *o, bench_report *r) {
    bench_cpu *env = calloc(1, sizeof *env);
    *envp = env;
    if (!env) return -1;
    gblas_status_t st = gblas_create(&env->h, GBLAS_BACKEND_CPU);
    if (st != GBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "gblas-bench: gblas_create(CPU): %s\n", bench_gblas_error(NULL, st));
        return -1;
    }
    char model[256], origin[256];
    cpu_model(model, sizeof model);
    openblas_core_origin(origin, sizeof origin);
    bench_report_meta(r, "cpu: %s, OpenMP maximum %d threads; gblas backend %s", model,
                      bench_default_threads(), gblas_backend_detail(env->h));
    bench_report_meta(r, "reference: OpenBLAS %s; kernels of core %s (%s)", bench_cblas_config(),
                      bench_cblas_core(), origin);
    const double spin_us = bench_cpu_idle_spin_us(bench_default_threads());
    env->settle_us = 2 * spin_us + 1000;
    if (env->settle_us < 2000) env->settle_us = 2000;
    if (env->settle_us > 50000) env->settle_us = 50000;
    if (o->settle_ms >= 0) env->settle_us = 1e3 * o->settle_ms;
    bench_report_meta(r,
                      "cpu: idle OpenMP workers spin %.1f ms after a parallel region; "
                      "multi-thread samples start after a %.1f ms pause",
                      spin_us / 1e3, env->settle_us / 1e3);
    for (int i = 0; i < o->n_threads; i++) {
        bench_ceilings *cl = &env->ceilings[i];
        bench_cpu_ceilings(o->threads[i], o->quick, cl);
        bench_report_meta(r,
                          "ceiling cpu threads=%d: read %.1f GB/s, scale-copy %.1f GB/s, "
                          "FMA peak %.1f GFLOP/s FP32, %.1f GFLOP/s FP64 (%s loop)",
                          o->threads[i], cl->read_gbs, cl->copy_gbs, cl->flops_s, cl->flops_d,
                          bench_cpu_fma_isa());
    }
    return 0;
}

void bench_cpu_run(bench_cpu *env, const bench_options *o, bench_report *r) {
    bench_case_list l;
    bench_build_cases(&l, o, 0);
    bench_report_begin(r, "cpu: gblas against OpenBLAS");
    for (size_t i = 0; i < l.count; i++) run_case(env, o, r, &l.v[i]);
    bench_free_cases(&l);
}

void bench_cpu_close(bench_cpu *env) {
    if (!env) return;
    gblas_destroy(env->h);
    free(env);
}
