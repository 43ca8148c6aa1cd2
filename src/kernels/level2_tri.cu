/* level2_tri.cu: x = op(A) x (trmv, tbmv, tpmv) and x = op(A)^-1 x (trsv, tbsv, tpsv), float and
 * double, A triangular in full (lda), band (k off-diagonals, lda) or packed storage.
 *
 * Indices: output o (the element of x written), input q (the element of x read): op(A)(o, q) is
 * A(o, q) for N and A(q, o) for T. "Below" forms (lower N, upper T) read q < o, the others
 * q > o; a band holds w = min(k, n - 1) off-diagonals. Every storage keeps a column of A
 * contiguous, so consecutive o (N) or q (T) are consecutive in memory.
 *
 * Products (x was overwritten in place, so no kernel reads an x it writes):
 *   full, packed: trmv_partial_n_kernel (N: a block is 64 rows x 4 column groups over one
 *     chunk of cq inputs) or trmv_partial_t_kernel (T: a warp per output over one chunk) write
 *     the chunk sums to the scratch; trmv_finish_kernel adds, per output, the diagonal term and
 *     then the chunk sums in chunk order and writes x.
 *   band: tbmv_kernel, a thread per output summing its diagonal term, then its inputs in
 *     ascending order, into the scratch; then a copy into x.
 *   Outputs whose sums fit the scratch at once form a group; groups run in stream order, those
 *   whose inputs are still original first (below forms from the last group down).
 * Solves: trsv_chain_kernel, one block per 64 outputs in solve order (below forms from o = 0
 *   up, the others from n - 1 down), blocks taking row blocks in launch order through an
 *   integer ticket. Block t adds the products of its rows with each earlier block's solved x
 *   (panels in order; each panel's A loaded before waiting for that x), then one warp solves
 *   the 64 x 64 diagonal block by substitution and publishes "t + 1 blocks solved". A block
 *   waits only on blocks that took earlier tickets, which are running or done: no deadlock.
 * The order of every sum depends on n (and k) only, so results repeat bit for bit. */
#include <algorithm>
#include <limits>

#include "cuda_common.cuh"

namespace {

enum class Storage { kFull, kBand, kPacked };

/* A triangular matrix as the kernels see it. */
template <typename T, Storage S> struct TriView {
    const T *a;
    int64_t n, k, lda; /* k: the band storage's k */
    int64_t w;         /* off-diagonals held */
    bool upper, trans, unit;

    /* Storage index of A(i, j), (i, j) in the uplo triangle (band). */
    __device__ __forceinline__ int64_t index(int64_t i, int64_t j) const {
        if constexpr (S == Storage::kBand)
            return (upper ? k + i - j : i - j) + j * lda;
        else if constexpr (S == Storage::kPacked)
            return upper ? i + j * (j + 1) / 2 : i + (2 * n - j - 1) * j / 2;
        else
            return i + j * lda;
    }
    /* op(A)(o, q), (o, q) held. */
    __device__ __forceinline__ T at(int64_t o, int64_t q) const {
        return a[trans ? index(q, o) : index(o, q)];
    }
    /* Inputs of an output lie below it (lower N, upper T). */
    __host__ __device__ __forceinline__ bool below() const { return upper == trans; }
    /* The off-diagonal inputs [lo, hi] of output o (empty when lo > hi). */
    __device__ __forceinline__ void range(int64_t o, int64_t &lo, int64_t &hi) const {
        lo = below() ? (o > w ? o - w : 0) : o + 1;
        hi = below() ? o - 1 : (n - 1 - o > w ? o + w : n - 1);
    }
};

template <typename T, Storage S>
TriView<T, S> view_of(gblas_fill_mode_t uplo, gblas_operation_t trans, gblas_diag_type_t diag,
                      int64_t n, int64_t k, const T *A, int64_t lda) {
    const int64_t w = S == Storage::kBand && k < n ? k : n - 1;
    return {A, n, k, lda, w, uplo == GBLAS_FILL_MODE_UPPER, trans != GBLAS_OP_N,
            diag == GBLAS_DIAG_UNIT};
}

/* ---- products ---------------------------------------------------------------------------- */
/* sums[0][r] + sums[1][r] + ... + sums[G - 1][r], in that order. */
template <int G, int R, typename T>
__device__ __forceinline__ T sum_in_order(const T (&sums)[G][R], int r) {
    T s = sums[0][r];
#pragma unroll
    for (int k = 1; k < G; ++k) s += sums[k][r];
    return s;
}

constexpr int kThreads = 256;
constexpr int kRowsN = 64, kGroupsN = kThreads / kRowsN; /* N: 64 rows x 4 column groups */
constexpr int kOutputsT = kThreads / 32;                 /* T: a warp per output */
/* Inputs per chunk: at least kChunkMin, and at most kMaxChunks chunks. */
constexpr int64_t kChunkMin = 512, kMaxChunks = 64;

/* N, outputs [o0, o0 + len): block (x, y) sums rows o0 + 64 x .. + 63 against inputs of chunk
 * y; group g of threads takes inputs a + g, a + g + 4, ... of each row; the groups' sums are
 * added in order of g. partial[y * len + o - o0] is written for each row whose inputs meet the
 * chunk. */
template <typename T, Storage S>
__global__ void __launch_bounds__(kThreads)
    trmv_partial_n_kernel(TriView<T, S> v, int64_t o0, int64_t len, int64_t cq,
                          const T *__restrict__ x, int64_t incx, T *__restrict__ partial) {
    __shared__ T sums[kGroupsN][kRowsN];
    const int rt = threadIdx.x % kRowsN, g = threadIdx.x / kRowsN;
    const int64_t ob = o0 + (int64_t)blockIdx.x * kRowsN, oe = min(o0 + len, ob + kRowsN);
    const int64_t c0 = (int64_t)blockIdx.y * cq, c1 = min(v.n, c0 + cq) - 1;
    /* inputs of any row of the block: skip the block when the chunk holds none */
    int64_t ulo, uhi, tmp;
    v.range(ob, ulo, tmp);
    v.range(oe - 1, tmp, uhi);
    if (max(ulo, c0) > min(uhi, c1)) return;
    const int64_t o = ob + rt;
    int64_t lo = 1, hi = 0;
    if (o < oe) {
        v.range(o, lo, hi);
        lo = max(lo, c0);
        hi = min(hi, c1);
    }
    T acc = T(0);
#pragma unroll 4
    for (int64_t q = lo + g; q <= hi; q += kGroupsN) {
        const T xq = x[q * incx];
        if (xq != T(0)) acc = fma(v.at(o, q), xq, acc); /* N skips x_q == 0, as the reference */
    }
    sums[g][rt] = acc;
    __syncthreads();
    if (g != 0 || lo > hi) return;
    partial[(int64_t)blockIdx.y * len + (o - o0)] = sum_in_order(sums, rt);
}

/* T, outputs [o0, o0 + len): warp w of block (x, y) sums output o0 + 8 x + w against the
 * inputs of chunk y, lane l taking a + l, a + l + 32, ... (column o is contiguous), the lanes
 * then added by a fixed butterfly. */
template <typename T, Storage S>
__global__ void __launch_bounds__(kThreads)
    trmv_partial_t_kernel(TriView<T, S> v, int64_t o0, int64_t len, int64_t cq,
                          const T *__restrict__ x, int64_t incx, T *__restrict__ partial) {
    const int lane = threadIdx.x % 32;
    const int64_t o = o0 + (int64_t)blockIdx.x * kOutputsT + threadIdx.x / 32;
    const int64_t c0 = (int64_t)blockIdx.y * cq, c1 = min(v.n, c0 + cq) - 1;
    int64_t lo = 1, hi = 0;
    if (o < o0 + len) {
        v.range(o, lo, hi);
        lo = max(lo, c0);
        hi = min(hi, c1);
    }
    T acc = T(0);
#pragma unroll 4
    for (int64_t q = lo + lane; q <= hi; q += 32) acc = fma(v.at(o, q), x[q * incx], acc);
    acc = warp_sum(acc);
    if (lane == 0 && lo <= hi) partial[(int64_t)blockIdx.y * len + (o - o0)] = acc;
}

/* The diagonal term of output o: x[o] on a unit diagonal (or for N where x[o] == 0: the
 * reference skips such a column, so an Inf or NaN in it never reaches x), else A(o, o) x[o]. */
template <typename T, Storage S>
__device__ __forceinline__ T diagonal_term(const TriView<T, S> &v, int64_t o, T xo) {
    return v.unit || (!v.trans && xo == T(0)) ? xo : v.at(o, o) * xo;
}

/* x[o] = diagonal term + the chunk sums of the chunks output o's inputs meet, in order. */
template <typename T, Storage S>
__global__ void __launch_bounds__(kThreads)
    trmv_finish_kernel(TriView<T, S> v, int64_t o0, int64_t len, int64_t cq,
                       const T *__restrict__ partial, T *__restrict__ x, int64_t incx) {
    const int64_t o = o0 + (int64_t)blockIdx.x * kThreads + threadIdx.x;
    if (o >= o0 + len) return;
    T s = diagonal_term(v, o, x[o * incx]);
    int64_t lo, hi;
    v.range(o, lo, hi);
    if (lo <= hi)
        for (int64_t c = lo / cq; c <= hi / cq; ++c) s += partial[c * len + (o - o0)];
    x[o * incx] = s;
}

/* Band, outputs [o0, o0 + len): out[o - o0] = diagonal term + op(A)(o, q) x[q] for q ascending. */
template <typename T>
__global__ void __launch_bounds__(kThreads)
    tbmv_kernel(TriView<T, Storage::kBand> v, int64_t o0, int64_t len, const T *__restrict__ x,
                int64_t incx, T *__restrict__ out) {
    const int64_t o = o0 + (int64_t)blockIdx.x * kThreads + threadIdx.x;
    if (o >= o0 + len) return;
    T s = diagonal_term(v, o, x[o * incx]);
    int64_t lo, hi;
    v.range(o, lo, hi);
    for (int64_t q = lo; q <= hi; ++q) {
        const T xq = x[q * incx];
        if (v.trans || xq != T(0)) s = fma(v.at(o, q), xq, s); /* N skips x_q == 0 */
    }
    out[o - o0] = s;
}

/* Runs group(o0, len) over the outputs in groups of at most glen, in the order that reads only
 * original x: below forms from the last group down, the others from the first up. */
template <typename Group>
cudaError_t for_each_group(int64_t n, int64_t glen, bool below, Group group) {
    const int64_t count = ceil_div(n, glen);
    for (int64_t i = 0; i < count; ++i) {
        const int64_t o0 = (below ? count - 1 - i : i) * glen;
        const cudaError_t err = group(o0, std::min(glen, n - o0));
        if (err != cudaSuccess) return err;
    }
    return cudaSuccess;
}

template <typename T, Storage S>
cudaError_t tri_product(gblas_cuda_env *env, const TriView<T, S> &v, T *x, int64_t incx) {
    const int64_t n = v.n, elems = (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / sizeof(T));
    T *const scratch = static_cast<T *>(env->scratch), *const x0 = x + vec_start(n, incx);
    const dim3 block(kThreads);
    if constexpr (S == Storage::kBand) {
        return for_each_group(n, std::min(n, elems), v.below(), [&](int64_t o0, int64_t len) {
            tbmv_kernel<T><<<dim3((unsigned)ceil_div(len, kThreads)), block, 0, env->stream>>>(
                v, o0, len, x0, incx, scratch);
            cudaError_t err = launch_check(env, "tbmv_kernel");
            if (err != cudaSuccess) return err;
            /* x's elements [o0, o0 + len) as a vector of their own (its first address) */
            T *xg = x0 + (incx < 0 ? (o0 + len - 1) * incx : o0 * incx);
            return launch_copy<T>(env, len, scratch, 1, xg, incx);
        });
    } else {
        const int64_t cq = std::max(kChunkMin, ceil_div(ceil_div(n, kMaxChunks), kRowsN) * kRowsN);
        const int64_t chunks = ceil_div(n, cq);
        const int64_t glen = std::min(n, elems / chunks / kRowsN * kRowsN);
        return for_each_group(n, glen, v.below(), [&](int64_t o0, int64_t len) {
            if (!v.trans)
                trmv_partial_n_kernel<T, S>
                    <<<dim3((unsigned)ceil_div(len, kRowsN), (unsigned)chunks), block, 0,
                       env->stream>>>(v, o0, len, cq, x0, incx, scratch);
            else
                trmv_partial_t_kernel<T, S>
                    <<<dim3((unsigned)ceil_div(len, kOutputsT), (unsigned)chunks), block, 0,
                       env->stream>>>(v, o0, len, cq, x0, incx, scratch);
            cudaError_t err =
                launch_check(env, v.trans ? "trmv_partial_t_kernel" : "trmv_partial_n_kernel");
            if (err != cudaSuccess) return err;
            trmv_finish_kernel<T, S><<<dim3((unsigned)ceil_div(len, kThreads)), block, 0,
                                       env->stream>>>(v, o0, len, cq, scratch, x0, incx);
            return launch_check(env, "trmv_finish_kernel");
        });
    }
}

/* ---- solves ------------------------------------------------------------------------------ */
constexpr int kSolveRows = 64;                          /* outputs per block */
constexpr int kSolveGroups = kThreads / kSolveRows;     /* 4 */
constexpr int kTilePer = kSolveRows / kSolveGroups;     /* tile elements per thread */

__device__ __forceinline__ unsigned load_acquire(const unsigned *p) {
    unsigned v;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_release(unsigned *p, unsigned v) {
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

/* Element e of this thread's share of a 64 x 64 tile (pl: output, ql: input, both relative to
 * the tile): 64 consecutive threads take 64 consecutive addresses, along o for N, along q
 * for T. */
__device__ __forceinline__ void tile_coord(bool trans, int e, int &pl, int &ql) {
    const int a = threadIdx.x % kSolveRows, b = threadIdx.x / kSolveRows + kSolveGroups * e;
    pl = trans ? b : a;
    ql = trans ? a : b;
}

/* Position p of the solve order is output o = p (below forms) or n - 1 - p. */
template <typename T, Storage S>
__device__ __forceinline__ int64_t solve_index(const TriView<T, S> &v, int64_t p) {
    return v.below() ? p : v.n - 1 - p;
}

/* This thread's share of the tile of op(A) at positions (p0 + pl, q0 + ql): the held elements
 * with q < p, or q == p on a non-unit diagonal; zeros elsewhere (never multiplied). */
template <typename T, Storage S>
__device__ __forceinline__ void load_tile(const TriView<T, S> &v, int64_t p0, int64_t q0,
                                          T (&r)[kTilePer]) {
#pragma unroll
    for (int e = 0; e < kTilePer; ++e) {
        int pl, ql;
        tile_coord(v.trans, e, pl, ql);
        const int64_t p = p0 + pl, q = q0 + ql;
        const bool held = p < v.n && p - q <= v.w && (q < p || (q == p && !v.unit));
        r[e] = held ? v.at(solve_index(v, p), solve_index(v, q)) : T(0);
    }
}

/* Whether the term op(A)(p, q) x_q enters the solve, p > q: (p, q) is held (only a band can
 * leave some out), and, for N, x_q != 0 (the reference skips a column whose x_j is 0, so an
 * Inf or NaN in it never reaches x; T forms take every held term, as the reference's dot). */
template <typename T, Storage S>
__device__ __forceinline__ bool term_enters(const TriView<T, S> &v, int64_t p, int64_t q, T xq) {
    return (S != Storage::kBand || p - q <= v.w) && (v.trans || xq != T(0));
}

/* This thread's share of a tile into the shared tile. */
template <typename T>
__device__ __forceinline__ void store_tile(bool trans, const T (&r)[kTilePer],
                                           T (&tile)[kSolveRows][kSolveRows + 1]) {
#pragma unroll
    for (int e = 0; e < kTilePer; ++e) {
        int pl, ql;
        tile_coord(trans, e, pl, ql);
        tile[pl][ql] = r[e];
    }
}

/* x_j from y_j: y_j on a unit diagonal, else y_j (1 / A(j, j)); with kDivide, y_j / A(j, j)
 * where the reciprocal was not a normal number (recip 0). */
template <bool kDivide, typename T>
__device__ __forceinline__ T solved_value(bool unit, T yj, T rj, T djj) {
    if (unit) return yj;
    if (kDivide && rj == T(0)) return yj / djj;
    return yj * rj;
}

/* Warp 0's substitution on the diagonal tile: lane l holds rows l (y0) and l + 32 (y1) of the
 * block; at step j the owner's y_j is broadcast by shuffle, becomes x_j, and every later row
 * within the band takes - A(l, j) x_j by one fma (for N not where y_j == 0: the reference skips
 * that column, x_j stays y_j). The two halves of j take their y_j from y0, then y1. */
template <bool kDivide, typename T, Storage S>
__device__ __forceinline__ void substitute(const TriView<T, S> &v,
                                           const T (&tile)[kSolveRows][kSolveRows + 1],
                                           const T *recip, int rows, T &y0, T &y1) {
    const int l = threadIdx.x;
    const bool band = S == Storage::kBand;
    const int half = min(rows, 32);
#pragma unroll 4
    for (int j = 0; j < half; ++j) {
        const T a0 = tile[l][j], a1 = tile[l + 32][j];
        const T yj = __shfl_sync(0xffffffffu, y0, j);
        const bool take = v.trans || yj != T(0);
        const T xj = take ? solved_value<kDivide>(v.unit, yj, recip[j], tile[j][j]) : yj;
        if (l == j)
            y0 = xj;
        else if (l > j && take && (!band || l - j <= v.w))
            y0 = fma(-a0, xj, y0);
        if (take && (!band || l + 32 - j <= v.w)) y1 = fma(-a1, xj, y1);
    }
#pragma unroll 4
    for (int j = 32; j < rows; ++j) {
        const T a1 = tile[l + 32][j];
        const T yj = __shfl_sync(0xffffffffu, y1, j - 32);
        const bool take = v.trans || yj != T(0);
        const T xj = take ? solved_value<kDivide>(v.unit, yj, recip[j], tile[j][j]) : yj;
        if (l + 32 == j)
            y1 = xj;
        else if (l + 32 > j && take && (!band || l + 32 - j <= v.w))
            y1 = fma(-a1, xj, y1);
    }
}

/* Two blocks per SM: the double instances need 211 registers without the bound, 1 block.
 * Block t's rows p0 + pl; a panel is the tile of positions q0 + ql. N forms keep a panel in
 * registers (a thread's share lies in its own row pl: inputs g, g + 4, ..., g + 60) and the
 * diagonal tile in shared memory from the start; T forms (a thread's share lies in one input
 * column) stage each panel, and at the end the diagonal tile, through shared memory, before
 * the wait for the x they multiply. */
template <typename T, Storage S>
__global__ void __launch_bounds__(kThreads, 2)
    trsv_chain_kernel(TriView<T, S> v, T *__restrict__ x, int64_t incx, unsigned *sync) {
    __shared__ T tile[kSolveRows][kSolveRows + 1];
    __shared__ T xs[kSolveRows], b[kSolveRows], part[kSolveGroups][kSolveRows];
    __shared__ T recip[kSolveRows]; /* 1 / A(j, j), or 0 where that is not a normal number */
    __shared__ unsigned ticket;
    unsigned *const solved = sync + 1;
    if (threadIdx.x == 0) ticket = atomicAdd(sync, 1u);
    __syncthreads();
    const int rt = threadIdx.x % kSolveRows, g = threadIdx.x / kSolveRows;
    const int64_t t = ticket, p0 = t * kSolveRows;
    const int rows = (int)min((int64_t)kSolveRows, v.n - p0);
    const bool n_form = !v.trans;
    if (threadIdx.x < rows) {
        b[threadIdx.x] = x[solve_index(v, p0 + threadIdx.x) * incx];
        /* x_j = y_j (1 / A(j, j)), one rounding more than the reference's y_j / A(j, j) (a
         * perturbation of A(j, j) by one unit), where the division cost ~40 (float) to ~100+
         * (double) cycles on each of the 64 dependent steps; the division itself where the
         * reciprocal is not a normal number (A(j, j) zero, huge, or not finite) */
        if (!v.unit) {
            const int64_t o = solve_index(v, p0 + threadIdx.x);
            const T r = T(1) / v.at(o, o);
            recip[threadIdx.x] = fabs(r) >= std::numeric_limits<T>::min() &&
                                         fabs(r) <= std::numeric_limits<T>::max()
                                     ? r
                                     : T(0);
        }
    }
    /* panels s of the positions q with p - q <= w for some row p of this block, each loaded
     * while the one before is used (for T, then the diagonal tile: s = t) */
    const int64_t s_begin = (p0 > v.w ? p0 - v.w : 0) / kSolveRows;
    T cur[kTilePer], next[kTilePer];
    if (n_form) {
        load_tile(v, p0, p0, cur);
        store_tile(false, cur, tile);
    }
    if (!n_form || s_begin < t) load_tile(v, p0, s_begin * kSolveRows, cur);
    T acc = T(0);
    for (int64_t s = s_begin; s < t; ++s) {
        if (!n_form || s + 1 < t) load_tile(v, p0, (s + 1) * kSolveRows, next);
        if (!n_form) {
            __syncthreads(); /* every thread is done with the last panel */
            store_tile(true, cur, tile);
        }
        if (threadIdx.x == 0)
            while (load_acquire(solved) <= (unsigned)s) {
            }
        __syncthreads(); /* block s is solved, and every thread is done with the last xs */
        if (threadIdx.x < kSolveRows)
            xs[threadIdx.x] = __ldcg(x + solve_index(v, s * kSolveRows + threadIdx.x) * incx);
        __syncthreads();
        const int64_t p = p0 + rt, q0 = s * kSolveRows;
#pragma unroll
        for (int e = 0; e < kTilePer; ++e) {
            const int ql = n_form ? g + kSolveGroups * e : g * kTilePer + e;
            const T a = n_form ? cur[e] : tile[rt][ql];
            if (term_enters(v, p, q0 + ql, xs[ql])) acc = fma(a, xs[ql], acc);
        }
#pragma unroll
        for (int e = 0; e < kTilePer; ++e) cur[e] = next[e];
    }
    __syncthreads(); /* every thread is done with the last panel */
    part[g][rt] = acc;
    if (!n_form) store_tile(true, cur, tile); /* the diagonal tile */
    __syncthreads();
    if (threadIdx.x < 32) {
        const int l = threadIdx.x;
        T y0 = l < rows ? b[l] - sum_in_order(part, l) : T(0);
        T y1 = l + 32 < rows ? b[l + 32] - sum_in_order(part, l + 32) : T(0);
        const bool divide = !v.unit && __any_sync(0xffffffffu, (l < rows && recip[l] == T(0)) ||
                                                                   (l + 32 < rows && recip[l + 32] == T(0)));
        if (divide)
            substitute<true>(v, tile, recip, rows, y0, y1);
        else
            substitute<false>(v, tile, recip, rows, y0, y1);
        if (l < rows) x[solve_index(v, p0 + l) * incx] = y0;
        if (l + 32 < rows) x[solve_index(v, p0 + l + 32) * incx] = y1;
        __syncwarp(); /* orders the lanes' x stores before lane 0's release (cumulative) */
        if (l == 0) {
            /* in order: block t - 1 is known solved after the last panel's wait; without
             * panels (t = 0, or a band of k = 0) it is waited for here */
            if (s_begin == t)
                while (load_acquire(solved) < (unsigned)t) {
                }
            store_release(solved, (unsigned)(t + 1));
        }
    }
}

template <typename T, Storage S>
cudaError_t tri_solve(gblas_cuda_env *env, const TriView<T, S> &v, T *x, int64_t incx) {
    unsigned *sync = static_cast<unsigned *>(env->scratch); /* [0] tickets, [1] blocks solved */
    cudaError_t err = cudaMemsetAsync(sync, 0, 2 * sizeof(unsigned), env->stream);
    if (err != cudaSuccess) {
        env->failed = "cudaMemsetAsync (trsv_chain_kernel counters)";
        return err;
    }
    trsv_chain_kernel<T, S><<<dim3((unsigned)ceil_div(v.n, kSolveRows)), dim3(kThreads), 0,
                              env->stream>>>(v, x + vec_start(v.n, incx), incx, sync);
    return launch_check(env, "trsv_chain_kernel");
}

} // namespace

template <typename T>
cudaError_t launch_trmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x,
                        int64_t incx) {
    return tri_product(env, view_of<T, Storage::kFull>(uplo, trans, diag, n, 0, A, lda), x, incx);
}
template <typename T>
cudaError_t launch_tbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda,
                        T *x, int64_t incx) {
    return tri_product(env, view_of<T, Storage::kBand>(uplo, trans, diag, n, k, A, lda), x, incx);
}
template <typename T>
cudaError_t launch_tpmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx) {
    return tri_product(env, view_of<T, Storage::kPacked>(uplo, trans, diag, n, 0, AP, 0), x,
                       incx);
}
template <typename T>
cudaError_t launch_trsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *A, int64_t lda, T *x,
                        int64_t incx) {
    return tri_solve(env, view_of<T, Storage::kFull>(uplo, trans, diag, n, 0, A, lda), x, incx);
}
template <typename T>
cudaError_t launch_tbsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, int64_t k, const T *A, int64_t lda,
                        T *x, int64_t incx) {
    return tri_solve(env, view_of<T, Storage::kBand>(uplo, trans, diag, n, k, A, lda), x, incx);
}
template <typename T>
cudaError_t launch_tpsv(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        gblas_diag_type_t diag, int64_t n, const T *AP, T *x, int64_t incx) {
    return tri_solve(env, view_of<T, Storage::kPacked>(uplo, trans, diag, n, 0, AP, 0), x, incx);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_trmv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, const T *, int64_t, T *,    \
                                        int64_t);                                               \
    template cudaError_t launch_tbmv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, int64_t, const T *, int64_t, \
                                        T *, int64_t);                                          \
    template cudaError_t launch_tpmv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, const T *, T *, int64_t);   \
    template cudaError_t launch_trsv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, const T *, int64_t, T *,    \
                                        int64_t);                                               \
    template cudaError_t launch_tbsv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, int64_t, const T *, int64_t, \
                                        T *, int64_t);                                          \
    template cudaError_t launch_tpsv<T>(gblas_cuda_env *, gblas_fill_mode_t, gblas_operation_t, \
                                        gblas_diag_type_t, int64_t, const T *, T *, int64_t);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
