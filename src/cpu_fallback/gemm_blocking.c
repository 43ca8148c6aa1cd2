/* gemm_blocking.c: the cache blocking of the CPU backend's packed GEMM (BLIS's KC, MC, NC),
 * derived from the data-cache sizes the CPU reports through cpuid (leaf 0x8000001D on AMD,
 * leaf 4 on Intel), read once per process, and the packing space those blocks need. */
#include <threads.h>

#include <omp.h>

#include "cpu_paths.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* Used when cpuid reports nothing: a common x86 core of the last decade. */
#define DEFAULT_L1D ((size_t)32 << 10)
#define DEFAULT_L2 ((size_t)512 << 10)
#define DEFAULT_L3 ((size_t)8 << 20)

/* The B panel is shared by the threads of one call; past this width it gains nothing more. */
#define NC_MAX ((int64_t)4096)

static size_t cache_bytes[4];  /* data or unified cache of levels 1..3, index = level */
static unsigned cache_sharing[4]; /* logical processors sharing it */
static once_flag caches_once = ONCE_FLAG_INIT;

#if defined(__x86_64__) || defined(__i386__)
/* Walks one deterministic-cache-parameters leaf (same layout on AMD and Intel): subleaf i
 * describes one cache until its type field reads 0. Size = ways * partitions * line * sets. */
static void read_cache_leaf(unsigned leaf) {
    for (unsigned i = 0; i < 16; i++) {
        unsigned eax, ebx, ecx, edx;
        __cpuid_count(leaf, i, eax, ebx, ecx, edx);
        const unsigned type = eax & 31, level = (eax >> 5) & 7;
        if (type == 0) break;
        if (type == 2 || level < 1 || level > 3) continue; /* instruction cache */
        const size_t ways = (ebx >> 22) + 1, parts = ((ebx >> 12) & 0x3ff) + 1;
        const size_t line = (ebx & 0xfff) + 1, sets = (size_t)ecx + 1;
        cache_bytes[level] = ways * parts * line * sets;
        cache_sharing[level] = ((eax >> 14) & 0xfff) + 1;
    }
}

static void read_caches(void) {
    if (__get_cpuid_max(0x80000000u, NULL) >= 0x8000001Du) read_cache_leaf(0x8000001Du);
    if (cache_bytes[1] == 0 && __get_cpuid_max(0, NULL) >= 4) read_cache_leaf(4);
    if (cache_bytes[1] == 0) cache_bytes[1] = DEFAULT_L1D;
    if (cache_bytes[2] == 0) cache_bytes[2] = DEFAULT_L2;
    if (cache_bytes[3] == 0) cache_bytes[3] = DEFAULT_L3;
    if (cache_sharing[3] == 0) cache_sharing[3] = 1;
}
#else
static void read_caches(void) {
    cache_bytes[1] = DEFAULT_L1D;
    cache_bytes[2] = DEFAULT_L2;
    cache_bytes[3] = DEFAULT_L3;
    cache_sharing[3] = 1;
}
#endif

static int64_t round_down(int64_t x, int64_t unit) { return x / unit * unit; }
static int64_t clamp(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The analytical model of Low et al. (ACM TOMS 43(2), 2016) puts the B micro-panel in L1, the
 * A block in L2 and the B panel in L3. On a core whose caches feed it far faster than its FMA
 * units consume (Zen 4: one zmm FMA per cycle, 32-byte L2 and L3 paths), every level can sit one
 * level further out, and deeper blocks pay off:
 *   KC: the kc x mr and kc x nr micro-panels of A and B stream from L2 and together take an
 *       eighth of it; the deeper kc, the less each micro-tile's load and store of C costs.
 *   MC: the mc x kc block of A streams from L3 and takes a quarter of this core's share of
 *       it; the taller mc, the more micro-tiles reuse each B micro-panel once it is in L2.
 *   NC: the kc x nc panel of B fits in L3; its width amortises the repacking of A for each
 *       column block (about 24 / nc of the time), so it stops at NC_MAX.
 * KC is a multiple of 8 (the packing's transpose block), MC of mr, NC of nr. Checked on a
 * 2-core Zen 4 (32 KiB L1d, 1 MiB L2, 32 MiB L3 for 2 cores) by sweeps at 2048 and 4096:
 * double KC 512..640 and MC ~1024 are best (KC 168 and MC 384, the textbook sizes, lose 8%). */
gblas_gemm_blocks gblas_cpu_gemm_blocks(int mr, int nr, size_t elem) {
    call_once(&caches_once, read_caches);
    const size_t l3_share = cache_bytes[3] / cache_sharing[3];
    gblas_gemm_blocks b;
    b.kc = clamp(round_down((int64_t)(cache_bytes[2] / 8 / ((size_t)(mr + nr) * elem)), 8), 64,
                 2048);
    b.mc = clamp(round_down((int64_t)(l3_share / 4 / ((size_t)b.kc * elem)), mr), mr,
                 (int64_t)mr * 128);
    b.nc = clamp(round_down((int64_t)(cache_bytes[3] / ((size_t)b.kc * elem)), nr), nr,
                 round_down(NC_MAX, nr));
    return b;
}

size_t gblas_cpu_gemm_panel_bytes(int64_t rows, int64_t cols, size_t elem) {
    const size_t align = GBLAS_WORKSPACE_ALIGN;
    return ((size_t)rows * (size_t)cols * elem + align - 1) / align * align;
}

/* The packing region holds the B panel and one A block per thread, for as many threads as
 * OpenMP offers or the machine has processors, whichever is more; with fewer A blocks in the
 * workspace (gblas_set_num_threads asked for more), a call runs on fewer threads. Each type's
 * fill calls this; the region is the larger of their needs. */
void gblas_cpu_gemm_reserve(gblas_ops *ops, gblas_gemm_blocks b, size_t elem) {
    const int procs = omp_get_num_procs(), threads = omp_get_max_threads();
    const size_t slots = (size_t)(procs > threads ? procs : threads);
    const size_t need = GBLAS_CPU_PARTIAL_BYTES + gblas_cpu_gemm_panel_bytes(b.kc, b.nc, elem) +
                        slots * gblas_cpu_gemm_panel_bytes(b.kc, b.mc, elem);
    if (ops->workspace_min < need) ops->workspace_min = need;
}
