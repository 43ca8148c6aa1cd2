/* bench_main.c: gblas-bench's entry point: options, OpenBLAS's environment, the record of the
 * run (command, date, commit, host, library versions) as '#' lines, then each selected backend:
 * the CPU against OpenBLAS, CUDA against cuBLAS. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "bench_commit.h"
#include "bench_cpu.h"

static void list_cases(const bench_options *o, int gpu) {
    bench_case_list l;
    bench_build_cases(&l, o, gpu);
    printf("%s: %zu cases%s\n", gpu ? "cuda" : "cpu", l.count,
           gpu ? "" : " (each at every --threads count)");
    for (size_t i = 0; i < l.count; i++) {
        const bench_case *c = &l.v[i];
        printf("  %-20s %c %-4s m=%lld n=%lld k=%lld inc=%lld batch=%lld\n",
               bench_routine_name(c->routine), c->prec, c->trans[0] ? c->trans : "-",
               (long long)c->m, (long long)c->n, (long long)c->k, (long long)c->inc,
               (long long)c->batch);
    }
    bench_free_cases(&l);
}

static void record_run(bench_report *r, int argc, char **argv) {
    char cmd[1024] = "", host[256] = "unknown", date[64] = "unknown";
    for (int i = 0; i < argc; i++) {
        size_t len = strlen(cmd);
        snprintf(cmd + len, sizeof cmd - len, "%s%s", i ? " " : "", argv[i]);
    }
    gethostname(host, sizeof host - 1);
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    bench_report_meta(r, "command: %s", cmd);
    bench_report_meta(r, "date: %s", date);
    bench_report_meta(r, "commit: %s", GBLAS_BENCH_COMMIT);
    bench_report_meta(r, "host: %s", host);
    bench_report_meta(r, "gblas: header %d, library %d", GBLAS_VERSION_NUMBER,
                      gblas_version_number());
    /* the variables that change how either library's threads run and wait */
    static const char *const vars[] = {"OPENBLAS_THREAD_TIMEOUT", "OMP_NUM_THREADS",
                                       "OMP_WAIT_POLICY", "OMP_PROC_BIND", "OMP_PLACES",
                                       "GOMP_SPINCOUNT"};
    char env[512];
    size_t used = 0;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0] && used < sizeof env; i++) {
        const char *v = getenv(vars[i]);
        used += (size_t)snprintf(env + used, sizeof env - used, "%s%s=%s", i ? ", " : "",
                                 vars[i], v ? v : "(unset)");
    }
    bench_report_meta(r, "environment: %s", env);
}

/* Whether the CPU has the AVX-512 subsets of OpenBLAS's SkylakeX kernels (F, CD, BW, DQ, VL). */
static int cpu_has_avx512(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl");
#else
    return 0;
#endif
}

/* libopenblas reads two settings only from the environment, when it loads; a CPU run that lacks
 * them sets them and re-executes itself once (if the exec fails the run goes on as it is):
 * - Its idle workers keep spinning (yielding) for 2^28 TSC cycles, about 0.1 s, after every
 *   call, and take cores from gblas's next sample when every core is in use. A multi-thread run
 *   sets OPENBLAS_THREAD_TIMEOUT=22 (2^22 cycles, a few milliseconds: shorter than the pause
 *   between samples, far longer than the gap between calls of one sample).
 * - Its DYNAMIC_ARCH build picks kernels from the CPU, and 0.3.21 takes some AVX-512 CPUs for
 *   Haswell or Zen (AVX2 kernels) and others (Zen 4) for Cooperlake, whose build lacks some of
 *   SkylakeX's AVX-512 kernels (its SASUM is 9x slower than SkylakeX's on Zen 4). On a
 *   CPU with AVX-512 the run sets OPENBLAS_CORETYPE=SkylakeX, unless OpenBLAS chose it already,
 *   and records the core OpenBLAS had detected in GBLAS_BENCH_DETECTED_CORE, for the report.
 * A variable the user set is left alone. */
static void prepare_openblas(const bench_options *o, char **argv) {
    int multi_thread = 0, again = 0;
    for (int i = 0; i < o->n_threads; i++) multi_thread |= o->threads[i] > 1;
    if (!o->cpu || o->list_only) return;
    if (multi_thread && !getenv("OPENBLAS_THREAD_TIMEOUT")) {
        setenv("OPENBLAS_THREAD_TIMEOUT", "22", 1);
        again = 1;
    }
    if (!getenv("OPENBLAS_CORETYPE") && strcasecmp(bench_cblas_core(), "SkylakeX") != 0 &&
        cpu_has_avx512()) {
        setenv("GBLAS_BENCH_DETECTED_CORE", bench_cblas_core(), 1);
        setenv("OPENBLAS_CORETYPE", "SkylakeX", 1);
        again = 1;
    }
    if (again) execv("/proc/self/exe", argv);
}

int main(int argc, char **argv) {
    bench_options o;
    const int parsed = bench_parse_options(argc, argv, &o);
    if (parsed) return parsed > 0 ? 0 : 2;
    prepare_openblas(&o, argv);
#ifndef GBLAS_BENCH_CUDA
    if (o.cuda_required) {
        fprintf(stderr, "gblas-bench: this build has no CUDA backend\n");
        return 2;
    }
    o.cuda = 0;
#endif
    if (o.list_only) {
        if (o.cpu) list_cases(&o, 0);
        if (o.cuda) list_cases(&o, 1);
        return 0;
    }

    bench_report r;
    if (bench_report_open(&r, o.csv_path)) return 2;
    record_run(&r, argc, argv);
    int failed = 0;
    bench_cpu *cpu = NULL;
    if (o.cpu && bench_cpu_open(&cpu, &o, &r)) failed = 1, o.cpu = 0;
#ifdef GBLAS_BENCH_CUDA
    bench_cuda *cuda = NULL;
    if (o.cuda && bench_cuda_open(&cuda, &o, &r)) {
        if (o.cuda_required) {
            fprintf(stderr, "gblas-bench: --backend cuda, but no usable CUDA device\n");
            failed = 1;
        } else {
            bench_report_meta(&r, "cuda: no usable device, CUDA cases skipped");
        }
        o.cuda = 0;
    }
#endif
    if (o.cpu) bench_cpu_run(cpu, &o, &r);
#ifdef GBLAS_BENCH_CUDA
    if (o.cuda) bench_cuda_run(cuda, &o, &r);
    bench_cuda_close(cuda);
#endif
    bench_cpu_close(cpu);
    if (r.failures) failed = 1;
    bench_report_close(&r);
    return failed;
}
