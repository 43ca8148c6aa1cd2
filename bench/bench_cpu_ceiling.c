/* bench_cpu_ceiling.c: the CPU ceilings gblas-bench reports rates against, measured in the
 * same run at each thread count: a streaming read (XOR of 256 MiB) and a scale-copy (b = 2a,
 * 256 MiB each, read + write counted) for the memory-bound routines, and the FMA peak of a
 * short calibrated loop (bench_fma_body.h) in each precision for GEMM. Best of several runs.
 * Also how long idle OpenMP workers spin, which the CPU runner must wait out. */
#include <omp.h>
#include <stdlib.h>
#include <pthread.h>
#include <time.h>

#include "bench_cpu.h"

#define STREAM_BYTES ((size_t)256 << 20)

typedef float v16sf __attribute__((vector_size(64)));
typedef double v8df __attribute__((vector_size(64)));

#define T float
#define V v16sf
#define ACCS 6
#define TARGET
#define FN_FMA_LOOP fma_loop_generic_s
#include "bench_fma_body.h"
#define T double
#define V v8df
#define ACCS 6
#define TARGET
#define FN_FMA_LOOP fma_loop_generic_d
#include "bench_fma_body.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define T float
#define V v16sf
#define ACCS 12 /* 12 of the 32 zmm registers */
#define TARGET __attribute__((target("avx512f")))
#define FN_FMA_LOOP fma_loop_avx512_s
#include "bench_fma_body.h"
#define T double
#define V v8df
#define ACCS 12
#define TARGET __attribute__((target("avx512f")))
#define FN_FMA_LOOP fma_loop_avx512_d
#include "bench_fma_body.h"
#define T float
#define V v16sf
#define ACCS 6 /* each 64-byte vector is two ymm registers: 12 of 16 */
#define TARGET __attribute__((target("avx2,fma")))
#define FN_FMA_LOOP fma_loop_avx2_s
#include "bench_fma_body.h"
#define T double
#define V v8df
#define ACCS 6
#define TARGET __attribute__((target("avx2,fma")))
#define FN_FMA_LOOP fma_loop_avx2_d
#include "bench_fma_body.h"
#endif

typedef double (*fma_loop_fn)(int64_t iters);
typedef struct {
    const char *isa;
    fma_loop_fn loop_s, loop_d;
    int accs;
} fma_path;

static fma_path choose_fma_path(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx512f"))
        return (fma_path){"avx512", fma_loop_avx512_s, fma_loop_avx512_d, 12};
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return (fma_path){"avx2", fma_loop_avx2_s, fma_loop_avx2_d, 6};
#endif
    return (fma_path){"generic", fma_loop_generic_s, fma_loop_generic_d, 6};
}

const char *bench_cpu_fma_isa(void) { return choose_fma_path().isa; }

static volatile double sink_d;
static volatile uint64_t sink_u;

/* Wall time of loop(iters) run by every thread of a team of threads. */
static double run_fma(fma_loop_fn loop, int64_t iters, int threads) {
    const double t0 = bench_now_us();
    double sum = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sum)
    sum += loop(iters);
    sink_d = sum;
    return bench_now_us() - t0;
}

/* GFLOP/s of the loop: iterations doubled until one thread's run lasts half of target_us;
 * then, after a run that wakes the workers, the best of 3 runs of every thread. */
static double fma_gflops(fma_loop_fn loop, int accs, int lanes, int threads, double target_us) {
    int64_t iters = 1 << 10;
    while (run_fma(loop, iters, 1) < target_us / 2 && iters < ((int64_t)1 << 40)) iters *= 2;
    run_fma(loop, iters, threads);
    double best = 0;
    for (int r = 0; r < 3; r++) {
        const double us = run_fma(loop, iters, threads);
        const double gflops = 2.0 * accs * lanes * (double)iters * threads / (us * 1e3);
        if (gflops > best) best = gflops;
    }
    return best;
}

static void stream_rates(int threads, int passes, double *read_gbs, double *copy_gbs) {
    const int64_t n = (int64_t)(STREAM_BYTES / sizeof(double));
    double *a = aligned_alloc(64, STREAM_BYTES), *b = aligned_alloc(64, STREAM_BYTES);
    *read_gbs = *copy_gbs = 0;
    if (!a || !b) {
        free(a);
        free(b);
        return;
    }
    /* First touch by the same threads and schedule as the timed loops. */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; i++) a[i] = 1.0 + (double)(i & 7), b[i] = 0;
    for (int p = 0; p < passes; p++) {
        const uint64_t *words = (const uint64_t *)a;
        uint64_t x = 0;
        double t0 = bench_now_us();
#pragma omp parallel for num_threads(threads) schedule(static) reduction(^ : x)
        for (int64_t i = 0; i < n; i++) x ^= words[i];
        double t = bench_now_us() - t0;
        sink_u = x;
        if (STREAM_BYTES / (t * 1e3) > *read_gbs) *read_gbs = STREAM_BYTES / (t * 1e3);
        t0 = bench_now_us();
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t i = 0; i < n; i++) b[i] = 2.0 * a[i];
        t = bench_now_us() - t0;
        sink_d = b[n / 2];
        if (2.0 * STREAM_BYTES / (t * 1e3) > *copy_gbs) *copy_gbs = 2.0 * STREAM_BYTES / (t * 1e3);
    }
    free(a);
    free(b);
}

static double thread_cpu_us(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

void bench_cpu_ceilings(int threads, int quick, bench_ceilings *out) {
    const fma_path p = choose_fma_path();
    const double target_us = quick ? 10e3 : 50e3;
    stream_rates(threads, quick ? 3 : 10, &out->read_gbs, &out->copy_gbs);
    out->flops_s = fma_gflops(p.loop_s, p.accs, 16, threads, target_us);
    out->flops_d = fma_gflops(p.loop_d, p.accs, 8, threads, target_us);
}

/* CPU time of each worker thread (not the main thread, and no other library's threads) while
 * the main thread sleeps 100 ms right after a parallel region: the longest, best of 3. */
double bench_cpu_idle_spin_us(int threads) {
    double worst = 0;
    if (threads < 2 || threads > 256) return 0;
    for (int r = 0; r < 3; r++) {
        clockid_t clocks[256];
        int have[256] = {0};
#pragma omp parallel num_threads(threads)
        {
            const int t = omp_get_thread_num();
            have[t] = t > 0 && pthread_getcpuclockid(pthread_self(), &clocks[t]) == 0;
        }
        double before[256];
        for (int t = 1; t < threads; t++) before[t] = have[t] ? thread_cpu_us(clocks[t]) : 0;
        const struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
        for (int t = 1; t < threads; t++) {
            const double spin = have[t] ? thread_cpu_us(clocks[t]) - before[t] : 0;
            if (spin > worst) worst = spin;
        }
    }
    return worst;
}
