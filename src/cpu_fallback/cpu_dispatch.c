/* cpu_dispatch.c: run-time choice of the CPU backend's instruction-set level and the filling of
 * its routine table, and the threads a routine may use. A level counts as supported only when
 * the CPU has the instructions (cpuid) and the OS saves the registers they use (xgetbv).
 * GBLAS_CPU_PATH may force a level. */
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "cpu_paths.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* XCR0 bits: SSE (1), AVX ymm upper halves (2), AVX-512 opmask (5), zmm0-15 upper (6), zmm16-31 (7). */
#define XCR0_YMM 0x06u
#define XCR0_ZMM 0xe0u

static uint32_t read_xcr0(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return eax;
}

/* The best level this host runs. */
static gblas_cpu_level_t detect_level(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return GBLAS_CPU_LEVEL_REFERENCE;
    const int has_fma = (ecx >> 12) & 1, has_osxsave = (ecx >> 27) & 1, has_avx = (ecx >> 28) & 1;
    if (!has_osxsave || !has_avx || !has_fma) return GBLAS_CPU_LEVEL_REFERENCE;
    const uint32_t xcr0 = read_xcr0();
    if ((xcr0 & XCR0_YMM) != XCR0_YMM) return GBLAS_CPU_LEVEL_REFERENCE;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return GBLAS_CPU_LEVEL_REFERENCE;
    const int has_avx2 = (ebx >> 5) & 1;
    if (!has_avx2) return GBLAS_CPU_LEVEL_REFERENCE;
    const int has_512f = (ebx >> 16) & 1, has_512dq = (ebx >> 17) & 1, has_512vl = (ebx >> 31) & 1;
    if (has_512f && has_512dq && has_512vl && (xcr0 & XCR0_ZMM) == XCR0_ZMM)
        return GBLAS_CPU_LEVEL_AVX512;
    return GBLAS_CPU_LEVEL_AVX2;
}
#else
static gblas_cpu_level_t detect_level(void) { return GBLAS_CPU_LEVEL_REFERENCE; }
#endif

static const char *const level_names[] = {"reference", "avx2", "avx512"};

/* What a level needs, for the message when it is forced on a host without it. */
static const char *const level_needs[] = {"", "AVX2 and FMA", "AVX-512F/VL/DQ"};

const char *gblas_cpu_level_name(gblas_cpu_level_t level) { return level_names[level]; }

gblas_status_t gblas_cpu_select_level(gblas_ctx *ctx, gblas_cpu_level_t *level) {
    const gblas_cpu_level_t best = detect_level();
    const char *forced = getenv("GBLAS_CPU_PATH");
    if (forced == NULL || forced[0] == '\0') {
        *level = best;
        return GBLAS_STATUS_SUCCESS;
    }
    for (int l = GBLAS_CPU_LEVEL_REFERENCE; l <= GBLAS_CPU_LEVEL_AVX512; l++) {
        if (strcmp(forced, level_names[l]) != 0) continue;
        if ((gblas_cpu_level_t)l > best)
            return gblas_ctx_fail(ctx, GBLAS_STATUS_NOT_SUPPORTED,
                                  "GBLAS_CPU_PATH=%s but this CPU does not support %s "
                                  "(or the OS does not enable their registers)",
                                  forced, level_needs[l]);
        *level = (gblas_cpu_level_t)l;
        return GBLAS_STATUS_SUCCESS;
    }
    return gblas_ctx_fail(ctx, GBLAS_STATUS_INVALID_VALUE,
                          "GBLAS_CPU_PATH=\"%.64s\" is not one of \"reference\", \"avx2\", "
                          "\"avx512\" (or unset for the best this CPU supports)",
                          forced);
}

int gblas_cpu_threads(const gblas_ctx *ctx) {
    return omp_in_parallel() ? 1 : ctx->num_threads;
}

void gblas_cpu_for(const gblas_ctx *ctx, int64_t count, int parallel,
                   void (*body)(void *arg, int64_t i), void *arg) {
    const int nthreads = parallel ? gblas_cpu_threads(ctx) : 1;
    if (nthreads <= 1 || count <= 1) {
        for (int64_t i = 0; i < count; i++) body(arg, i);
        return;
    }
#pragma omp parallel for schedule(static) num_threads(nthreads)
    for (int64_t i = 0; i < count; i++) body(arg, i);
}

void gblas_cpu_fill_routines(gblas_ops *ops, gblas_cpu_level_t level) {
    gblas_cpu_fill_ref_s(ops);
    gblas_cpu_fill_ref_d(ops);
    gblas_cpu_fill_ref_c(ops); /* complex: the reference on every level for now */
    gblas_cpu_fill_ref_z(ops);
    /* Then the chosen level's overrides (as BLIS's bli_cntx_init_<arch>). Each level
     * implements every family it overrides on its own, so only its fills run: a level below
     * would only raise workspace_min for packing buffers that are never used. */
    if (level == GBLAS_CPU_LEVEL_AVX2) {
        gblas_cpu_fill_avx2_s(ops);
        gblas_cpu_fill_avx2_d(ops);
    } else if (level == GBLAS_CPU_LEVEL_AVX512) {
        gblas_cpu_fill_avx512_s(ops);
        gblas_cpu_fill_avx512_d(ops);
    }
}
