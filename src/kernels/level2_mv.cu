/* level2_mv.cu: y = alpha A x + beta y for a band A (GBMV, op N and T), a symmetric band A
 * (SBMV), and a symmetric A stored full (SYMV) or packed (SPMV), float and double. No atomics:
 * every element of y is summed in an order fixed by n (and the band widths) alone.
 *
 * SYMV, SPMV (panel kernels): the stored triangle is cut into panels of kPanel columns and each
 * panel into tiles of kTileRows rows (the tiles of a panel that meet its diagonal block hold
 * only their stored elements). Each element is read once and used twice: A(i, j) x(j) adds to
 * the tile's row sums (y(i)), A(i, j) x(i) to the panel's column sums (y(j); the diagonal only
 * once). A block owns kSegRows rows of tiles of one panel (a work item): it writes each
 * tile's row sums to the scratch (rowpart) and its column sums once (colpart);
 * symv_reduce_kernel then adds, for each y(i), the column sums of its panel's work items and
 * the row sums of every tile holding row i, in a fixed order, before alpha and beta. Panels
 * whose partials do not fit in the scratch together run in chunks of consecutive panels, each
 * chunk's sums added to y in chunk order; where one panel's do not fit (n over 1.6 million,
 * only reachable with alpha == 0 in device pointer mode), the band kernel runs instead.
 *
 * GBMV, SBMV (band kernel): a group of L lanes owns one element of y and sums that row of A
 * (a column of the storage for GBMV T and for the half of a symmetric row read from its own
 * column), lane l taking the terms l, l + L, ..., the lanes then added by a fixed butterfly. */
#include <algorithm>

#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

/* ---- GBMV, SBMV -------------------------------------------------------------------------- */

/* Which storage element holds A(o, j) for output o (row o of op(A)): band (GBMV), its
 * transpose, symmetric band (SBMV), and symmetric full and packed (the SYMV, SPMV fallback). */
enum class Band { kGeN, kGeT, kSymLower, kSymUpper, kFullLower, kFullUpper, kPackedLower, kPackedUpper };

template <typename T> struct BandArgs {
    const T *A;
    int64_t lda, k; /* k: ku (GBMV) or the symmetric band's k */
    int64_t ny, nx; /* outputs; elements of x */
    int64_t lo, hi; /* output o sums j in [o - lo, o + hi] within [0, nx) */
    const T *x;     /* element 0 */
    int64_t incx;
    Scalar<T> alpha, beta;
    T *y; /* element 0 */
    int64_t incy;
};

template <Band B, typename T>
__device__ __forceinline__ int64_t band_index(const BandArgs<T> &b, int64_t o, int64_t j) {
    switch (B) {
    case Band::kGeN: return b.k + o - j + j * b.lda;        /* A(o, j) */
    case Band::kGeT: return b.k + j - o + o * b.lda;        /* A(j, o) */
    case Band::kSymLower:                                   /* A(max, min) */
        return j <= o ? o - j + j * b.lda : j - o + o * b.lda;
    case Band::kSymUpper:                                   /* A(min, max) */
        return j <= o ? b.k + j - o + o * b.lda : b.k + o - j + j * b.lda;
    default: {
        const int64_t lo = j < o ? j : o, hi = j < o ? o : j, n = b.ny;
        switch (B) {
        case Band::kFullLower: return hi + lo * b.lda;
        case Band::kFullUpper: return lo + hi * b.lda;
        case Band::kPackedLower: return hi + (2 * n - lo - 1) * lo / 2;
        default: return lo + hi * (hi + 1) / 2;
        }
    }
    }
}

/* L lanes per output; a warp's groups take consecutive outputs (warp-uniform loop, so that every
 * lane joins the butterfly). */
template <typename T, Band B, int L>
__global__ void __launch_bounds__(kThreads) band_kernel(BandArgs<T> b) {
    constexpr int kPerWarp = 32 / L;
    const T alpha = scalar_value(b.alpha), beta = scalar_value(b.beta);
    const int lane = threadIdx.x % L;
    const int64_t warps = (int64_t)gridDim.x * kWarps;
    for (int64_t o0 = ((int64_t)blockIdx.x * kWarps + threadIdx.x / 32) * kPerWarp; o0 < b.ny;
         o0 += warps * kPerWarp) {
        const int64_t o = o0 + (threadIdx.x % 32) / L;
        const int64_t j0 = o > b.lo ? o - b.lo : 0;
        const int64_t j1 = b.hi >= b.nx - 1 - o ? b.nx - 1 : o + b.hi;
        T s = T(0);
        if (o < b.ny && alpha != T(0)) /* alpha == 0: A and x are never read */
            for (int64_t j = j0 + lane; j <= j1; j += L)
                s = fma(__ldg(b.A + band_index<B>(b, o, j)), __ldg(b.x + j * b.incx), s);
        s = warp_sum<L>(s);
        if (o < b.ny && lane == 0) {
            /* a row of GBMV N that no column's band reaches keeps beta y (the reference BLAS
             * adds columns into y); every other output gets alpha times its sum, even an empty
             * one (alpha * 0: NaN for an infinite or NaN alpha, as there) */
            const bool untouched = B == Band::kGeN && j0 > j1;
            T *yo = b.y + o * b.incy;
            *yo = scale_output(untouched ? T(0) : alpha, s, beta, beta != T(0) ? *yo : T(0));
        }
    }
}

template <typename T, Band B>
cudaError_t launch_band(gblas_cuda_env *env, BandArgs<T> b) {
    /* lanes per output: about 4 terms each (the band's widest row, clipped to x) */
    const int64_t width = std::min(b.lo, b.nx) + std::min(b.hi, b.nx) + 1;
    const int lanes = width <= 8 ? 1 : width <= 32 ? 4 : width <= 64 ? 16 : 32;
    const int64_t blocks =
        std::min(ceil_div(b.ny, (int64_t)kThreads / lanes), (int64_t)env->sm_count * 16);
    auto kernel = lanes == 1 ? band_kernel<T, B, 1>
                  : lanes == 4 ? band_kernel<T, B, 4>
                  : lanes == 16 ? band_kernel<T, B, 16>
                                : band_kernel<T, B, 32>;
    kernel<<<(unsigned)blocks, kThreads, 0, env->stream>>>(b);
    return launch_check(env, "band_kernel");
}

/* ---- SYMV, SPMV -------------------------------------------------------------------------- */

constexpr int kPanel = 128;   /* columns of a panel */
constexpr int kSegRows = 512; /* rows of a work item */

/* A thread holds W consecutive rows (one 16-byte load) of CPT columns of each tile: RT threads
 * cover a tile's column (128 bytes), G groups of them the panel's columns; a tile is kTileRows
 * x kPanel, 16 KB (float 32 rows, double 16). */
template <typename T> struct PanelShape {
    static constexpr int W = Vec16<T>::width;
    static constexpr int RT = 8;
    static constexpr int G = kThreads / RT;
    static constexpr int CPT = kPanel / G;
    static constexpr int kTileRows = RT * W;
    static_assert(32 % RT == 0 && kPanel % G == 0 && kSegRows % kPanel == 0, "shapes");
};

/* The stored triangle of a symmetric A: A(i, j) is at A[origin(j) + i] for i <= j (upper) or
 * i >= j (lower); full storage by lda, or packed by columns. */
template <typename T> struct SymStorage {
    const T *A;
    int64_t n, lda;
    bool upper, packed;
    __device__ __forceinline__ const T *column(int64_t j) const {
        if (!packed) return A + j * lda;
        return A + (upper ? j * (j + 1) / 2 : j * (2 * n - j - 1) / 2);
    }
};

/* The triangle of order n cut into panels of kPanel columns and tiles of kRows rows: panel p
 * holds the tiles [first(p), end(p)), lower from its diagonal block down, upper from the top
 * to its diagonal block (kDiag tiles, those that hold unstored elements). */
template <int kRows> struct Tiling {
    static constexpr int kDiag = kPanel / kRows;
    static constexpr int kSeg = kSegRows / kRows; /* tiles of a work item */
    int64_t n;
    bool upper;
    __host__ __device__ __forceinline__ int64_t tiles() const { return ceil_div(n, kRows); }
    __host__ __device__ __forceinline__ int64_t first(int64_t p) const {
        return upper ? 0 : p * kDiag;
    }
    __host__ __device__ __forceinline__ int64_t end(int64_t p) const {
        return upper ? std::min(tiles(), (p + 1) * kDiag) : tiles();
    }
    /* Tiles in panels [0, p): where panel p's row sums start (every panel before the last is
     * whole, so an upper panel q holds kDiag (q + 1) tiles; past the last, an upper bound). */
    __host__ __device__ __forceinline__ int64_t before(int64_t p) const {
        return upper ? kDiag * p * (p + 1) / 2 : p * tiles() - kDiag * p * (p - 1) / 2;
    }
    /* Work items of the longest panel: the column-sum slots of each panel. */
    __host__ __device__ __forceinline__ int64_t segs() const { return ceil_div(tiles(), kSeg); }
    /* Scratch elements of the panels [p0, p1): their tiles' row sums, their column sums. */
    __host__ __device__ __forceinline__ int64_t chunk_elems(int64_t p0, int64_t p1) const {
        return (before(p1) - before(p0)) * kRows + (p1 - p0) * segs() * kPanel;
    }
};
template <typename T> using TilingOf = Tiling<PanelShape<T>::kTileRows>;

template <typename T> struct SymvArgs {
    SymStorage<T> a;
    const T *x; /* element 0 (vec_start applied) */
    int64_t incx;
    Scalar<T> alpha, beta;
    T *y; /* element 0 */
    int64_t incy;
    int64_t p0, p1; /* the chunk's panels */
    T *rowpart;     /* the chunk's tiles in panel order, a sum per row each */
    T *colpart;     /* [panel - p0][segment][kPanel] */
};

/* Rows [i0, i0 + W) of the thread's CPT columns of one tile, and x at those rows. Stored
 * elements only: outside the triangle (diagonal tiles), past row or column n, zeros. One
 * 16-byte load per column where kVec allows it and the rows are all stored. */
template <typename T, bool kVec, bool kHinted>
__device__ __forceinline__ void load_tile(const SymvArgs<T> &s, int64_t i0, int64_t j0, bool diag,
                                          T (&a)[PanelShape<T>::W][PanelShape<T>::CPT],
                                          T (&xr)[PanelShape<T>::W]) {
    using S = PanelShape<T>;
    using VT = Vec16<T>;
    const int64_t n = s.a.n;
#pragma unroll
    for (int w = 0; w < S::W; ++w) xr[w] = i0 + w < n ? s.x[(i0 + w) * s.incx] : T(0);
    const bool whole = kVec && !diag && i0 + S::W <= n;
#pragma unroll
    for (int c = 0; c < S::CPT; ++c) {
        const int64_t j = j0 + c;
        const T *col = s.a.column(j < n ? j : 0);
        if (whole && j < n) {
            const auto v =
                load_streaming<kHinted>(reinterpret_cast<const typename VT::type *>(col + i0));
#pragma unroll
            for (int w = 0; w < S::W; ++w) a[w][c] = VT::get(v, w);
            continue;
        }
#pragma unroll
        for (int w = 0; w < S::W; ++w) {
            const int64_t i = i0 + w;
            const bool stored = i < n && j < n && (!diag || (s.a.upper ? i <= j : i >= j));
            a[w][c] = stored ? __ldg(col + i) : T(0);
        }
    }
}

/* One work item: tiles [tb, te) of panel p (blockIdx.y + p0), segment blockIdx.x. Three blocks
 * per SM (80 registers, no spill): a memory-bound loop wants every load it can keep in flight
 * (with two, ssymv 16384 ran at 52% of DRAM bandwidth, ncu). */
template <typename T, bool kVec, bool kHinted>
__global__ void __launch_bounds__(kThreads, 3) symv_panel_kernel(SymvArgs<T> s) {
    using S = PanelShape<T>;
    constexpr int kTileRows = S::kTileRows;
    __shared__ T row_sums[2][kWarps][kTileRows];
    allow_dependent_launch();
    const TilingOf<T> tl{s.a.n, s.a.upper};
    const int64_t n = s.a.n, p = s.p0 + blockIdx.y, seg = blockIdx.x;
    const int64_t t_first = tl.first(p);
    const int64_t tb = t_first + seg * tl.kSeg, te = std::min(tl.end(p), tb + tl.kSeg);
    const T alpha = scalar_value(s.alpha);
    if (tb >= te || alpha == T(0)) return; /* alpha == 0: A and x are never read */
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, rs = tid % S::RT,
              g = tid / S::RT;
    const int64_t j0 = p * kPanel + (int64_t)g * S::CPT; /* the thread's first column */
    __shared__ T xc[kPanel]; /* x at the panel's columns (zero past n) */
    if (tid < kPanel) {
        const int64_t j = p * kPanel + tid;
        xc[tid] = j < n ? s.x[j * s.incx] : T(0);
    }
    __syncthreads();
    T colacc[S::CPT];
#pragma unroll
    for (int c = 0; c < S::CPT; ++c) colacc[c] = T(0);
    const int64_t diag_lo = p * tl.kDiag, diag_hi = diag_lo + tl.kDiag;
    T *rowpart = s.rowpart + (tl.before(p) - tl.before(s.p0)) * kTileRows;
    T a[S::W][S::CPT], xr[S::W];
    load_tile<T, kVec, kHinted>(s, tb * kTileRows + rs * S::W, j0,
                                tb >= diag_lo && tb < diag_hi, a, xr);
    for (int64_t t = tb; t < te; ++t) {
        const bool diag = t >= diag_lo && t < diag_hi;
        const int64_t i0 = t * kTileRows + rs * S::W;
        T na[S::W][S::CPT], nxr[S::W]; /* the next tile, in flight while this one is summed */
        if (t + 1 < te)
            load_tile<T, kVec, kHinted>(s, i0 + kTileRows, j0,
                                        t + 1 >= diag_lo && t + 1 < diag_hi, na, nxr);
        T rowacc[S::W];
#pragma unroll
        for (int w = 0; w < S::W; ++w) {
            rowacc[w] = T(0);
#pragma unroll
            for (int c = 0; c < S::CPT; ++c) {
                rowacc[w] = fma(a[w][c], xc[g * S::CPT + c], rowacc[w]);
                /* the diagonal element counts once: in its row sum */
                const T v = diag && i0 + w == j0 + c ? T(0) : a[w][c];
                colacc[c] = fma(v, xr[w], colacc[c]);
            }
        }
        /* row sums over the column groups: the warp's groups by butterfly, then the warps in
         * order through shared memory (two buffers: one barrier per tile) */
        const int buf = (int)((t - tb) & 1);
#pragma unroll
        for (int w = 0; w < S::W; ++w) {
#pragma unroll
            for (int off = S::RT; off < 32; off *= 2)
                rowacc[w] += __shfl_xor_sync(0xffffffffu, rowacc[w], off);
            if (lane < S::RT) row_sums[buf][warp][rs * S::W + w] = rowacc[w];
        }
        __syncthreads();
        if (tid < kTileRows) {
            T sum = row_sums[buf][0][tid];
#pragma unroll
            for (int k = 1; k < kWarps; ++k) sum += row_sums[buf][k][tid];
            rowpart[(t - t_first) * kTileRows + tid] = sum;
        }
        if (t + 1 < te) {
#pragma unroll
            for (int w = 0; w < S::W; ++w) {
                xr[w] = nxr[w];
#pragma unroll
                for (int c = 0; c < S::CPT; ++c) a[w][c] = na[w][c];
            }
        }
    }
    /* column sums over the RT row threads of each group, by butterfly */
    T *out = s.colpart + ((p - s.p0) * tl.segs() + seg) * kPanel + (int64_t)g * S::CPT;
#pragma unroll
    for (int c = 0; c < S::CPT; ++c) {
        const T v = warp_sum<S::RT>(colacc[c]);
        if (rs == 0) out[c] = v;
    }
}

/* y(i) for every i: first chunk y = alpha sum + beta y, later chunks y += alpha sum. The terms
 * of row i's sum, in order: the chunk's column sums of i's panel (its work items in order), then
 * the row sums of the tile holding i in each of the chunk's panels that store row i (panels in
 * order). A block takes 32 rows (lane: row, so every warp reads 32 consecutive sums); warp w
 * adds the w-th of kWarps equal runs of each row's terms, and the runs are then added in warp
 * order: each thread waits on a few loads instead of up to n / 128 in a row. */
template <typename T>
__global__ void __launch_bounds__(kThreads) symv_reduce_kernel(SymvArgs<T> s, bool first) {
    constexpr int kTileRows = PanelShape<T>::kTileRows;
    __shared__ T runs[kWarps][32];
    wait_for_prior_grid();
    const T alpha = scalar_value(s.alpha), beta = scalar_value(s.beta);
    const bool upper = s.a.upper;
    const TilingOf<T> tl{s.a.n, upper};
    const int64_t n = s.a.n, segs = tl.segs(), base = tl.before(s.p0);
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int64_t i0 = (int64_t)blockIdx.x * 32; i0 < n; i0 += (int64_t)gridDim.x * 32) {
        const int64_t i = i0 + lane, P = i / kPanel, t = i / kTileRows;
        int64_t items = 0, q0 = 0, terms = 0;
        T sum = T(0);
        if (i < n && alpha != T(0)) {
            if (P >= s.p0 && P < s.p1) items = ceil_div(tl.end(P) - tl.first(P), tl.kSeg);
            q0 = upper ? std::max(P, s.p0) : s.p0;
            const int64_t q1 = upper ? s.p1 : std::min(P + 1, s.p1);
            terms = items + std::max(q1 - q0, (int64_t)0);
            const int64_t per = ceil_div(terms, kWarps), u1 = std::min(terms, (warp + 1) * per);
            const T *cp = s.colpart + (P - s.p0) * segs * kPanel + i % kPanel;
            for (int64_t u = warp * per; u < u1; ++u) {
                const int64_t q = q0 + u - items;
                sum += u < items ? cp[u * kPanel]
                                 : s.rowpart[(tl.before(q) - base + t - tl.first(q)) * kTileRows +
                                             i % kTileRows];
            }
        }
        runs[warp][lane] = sum;
        __syncthreads();
        if (warp == 0 && i < n) {
            T *yi = s.y + i * s.incy;
            T total = runs[0][lane];
#pragma unroll
            for (int w = 1; w < kWarps; ++w) total += runs[w][lane];
            if (alpha == T(0)) {
                if (first) *yi = beta == T(0) ? T(0) : beta * *yi;
            } else if (first) {
                *yi = scale_output(terms > 0 ? alpha : T(0), total, beta, beta != T(0) ? *yi : T(0));
            } else if (terms > 0) {
                *yi += alpha * total;
            }
        }
        __syncthreads();
    }
}

template <typename T>
cudaError_t launch_symmetric(gblas_cuda_env *env, SymStorage<T> a, Scalar<T> alpha, const T *x,
                             int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    const int64_t n = a.n;
    SymvArgs<T> s{a, x + vec_start(n, incx), incx, alpha, beta, y + vec_start(n, incy), incy,
                  0, 0, nullptr, nullptr};
    const unsigned reduce_blocks = (unsigned)std::min(ceil_div(n, 32), (int64_t)env->sm_count * 16);
    if (alpha.ptr == nullptr && alpha.value == T(0)) /* y = beta y: A and x never read */
        return launch_dependent(env, "symv_reduce_kernel", symv_reduce_kernel<T>,
                                dim3(reduce_blocks), dim3(kThreads), s, true);
    const int64_t panels = ceil_div(n, kPanel), budget = GBLAS_CUDA_SCRATCH_BYTES / sizeof(T);
    const TilingOf<T> tl{n, a.upper};
    if (tl.chunk_elems(panels - 1, panels) > budget || tl.chunk_elems(0, 1) > budget) {
        /* one panel's partials past the scratch: n over 1.6 million, an A no device holds
         * (reached with alpha == 0 in device pointer mode): a thread group per row, each
         * element read twice */
        const BandArgs<T> b{a.A, a.lda, 0, n, n, n, n, s.x, incx, alpha, beta, s.y, incy};
        if (a.packed)
            return a.upper ? launch_band<T, Band::kPackedUpper>(env, b)
                           : launch_band<T, Band::kPackedLower>(env, b);
        return a.upper ? launch_band<T, Band::kFullUpper>(env, b)
                       : launch_band<T, Band::kFullLower>(env, b);
    }
    const bool vec = !a.packed && aligned16(a.A) && a.lda % Vec16<T>::width == 0;
    const bool hinted = hinted_loads((int64_t)sizeof(T) * n * (n + 1) / 2);
    auto kernel = !vec ? symv_panel_kernel<T, false, false>
                  : hinted ? symv_panel_kernel<T, true, true>
                           : symv_panel_kernel<T, true, false>;
    s.rowpart = static_cast<T *>(env->scratch);
    for (int64_t p0 = 0; p0 < panels;) {
        int64_t p1 = p0 + 1;
        while (p1 < panels && tl.chunk_elems(p0, p1 + 1) <= budget) ++p1;
        s.p0 = p0, s.p1 = p1;
        s.colpart = s.rowpart + (tl.before(p1) - tl.before(p0)) * PanelShape<T>::kTileRows;
        kernel<<<dim3((unsigned)tl.segs(), (unsigned)(p1 - p0)), kThreads, 0,
                 env->stream>>>(s);
        cudaError_t err = launch_check(env, "symv_panel_kernel");
        if (err == cudaSuccess)
            err = launch_dependent(env, "symv_reduce_kernel", symv_reduce_kernel<T>,
                                   dim3(reduce_blocks), dim3(kThreads), s, p0 == 0);
        if (err != cudaSuccess) return err;
        p0 = p1;
    }
    return cudaSuccess;
}

} // namespace

template <typename T>
cudaError_t launch_gbmv(gblas_cuda_env *env, gblas_operation_t trans, int64_t m, int64_t n,
                        int64_t kl, int64_t ku, Scalar<T> alpha, const T *A, int64_t lda,
                        const T *x, int64_t incx, Scalar<T> beta, T *y, int64_t incy) {
    if (m <= 0 || n <= 0) return cudaSuccess;
    const bool notrans = trans == GBLAS_OP_N;
    const int64_t nx = notrans ? n : m, ny = notrans ? m : n;
    const BandArgs<T> b{A, lda, ku, ny, nx, notrans ? kl : ku, notrans ? ku : kl,
                        x + vec_start(nx, incx), incx, alpha, beta, y + vec_start(ny, incy), incy};
    return notrans ? launch_band<T, Band::kGeN>(env, b) : launch_band<T, Band::kGeT>(env, b);
}

template <typename T>
cudaError_t launch_sbmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, int64_t k,
                        Scalar<T> alpha, const T *A, int64_t lda, const T *x, int64_t incx,
                        Scalar<T> beta, T *y, int64_t incy) {
    if (n <= 0) return cudaSuccess;
    const BandArgs<T> b{A, lda, k, n, n, k, k, x + vec_start(n, incx), incx, alpha, beta,
                        y + vec_start(n, incy), incy};
    return uplo == GBLAS_FILL_MODE_UPPER ? launch_band<T, Band::kSymUpper>(env, b)
                                         : launch_band<T, Band::kSymLower>(env, b);
}

template <typename T>
cudaError_t launch_symv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *A, int64_t lda, const T *x, int64_t incx, Scalar<T> beta, T *y,
                        int64_t incy) {
    if (n <= 0) return cudaSuccess;
    return launch_symmetric<T>(env, {A, n, lda, uplo == GBLAS_FILL_MODE_UPPER, false}, alpha, x,
                               incx, beta, y, incy);
}

template <typename T>
cudaError_t launch_spmv(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *AP, const T *x, int64_t incx, Scalar<T> beta, T *y,
                        int64_t incy) {
    if (n <= 0) return cudaSuccess;
    return launch_symmetric<T>(env, {AP, n, 0, uplo == GBLAS_FILL_MODE_UPPER, true}, alpha, x,
                               incx, beta, y, incy);
}

#define GBLAS_INSTANTIATE(T)                                                                     \
    template cudaError_t launch_gbmv<T>(gblas_cuda_env *, gblas_operation_t, int64_t, int64_t,   \
                                        int64_t, int64_t, Scalar<T>, const T *, int64_t,         \
                                        const T *, int64_t, Scalar<T>, T *, int64_t);            \
    template cudaError_t launch_symv<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<T>, \
                                        const T *, int64_t, const T *, int64_t, Scalar<T>, T *,  \
                                        int64_t);                                                \
    template cudaError_t launch_sbmv<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, int64_t,   \
                                        Scalar<T>, const T *, int64_t, const T *, int64_t,       \
                                        Scalar<T>, T *, int64_t);                                \
    template cudaError_t launch_spmv<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<T>, \
                                        const T *, const T *, int64_t, Scalar<T>, T *, int64_t);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
