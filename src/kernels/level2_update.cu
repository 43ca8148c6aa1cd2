/* level2_update.cu: the rank-1 and rank-2 updates, float and double, as one kernel family:
 *   GER        A(i, j) += x(i) t1,             t1 = alpha y(j), A m x n
 *   SYR, SPR   A(i, j) += x(i) t1,             t1 = alpha x(j), A's uplo triangle
 *   SYR2, SPR2 A(i, j) += x(i) t1 + y(i) t2,   t1 = alpha y(j), t2 = alpha x(j)
 * each product added by a fused multiply-add; a column whose coefficients (y(j); x(j); x(j) and
 * y(j)) are all zero is left as it is (reference BLAS: its NaN or Inf stays). A is read and
 * written once, nothing else is touched: no scratch, no reduction, each element's arithmetic
 * fixed by its indices.
 * A block of 8 warps owns a square tile of kRows x kRows elements (kRows = 32 lanes x R, R = 16
 * / sizeof(T): 128 floats, 64 doubles): each lane holds R rows of x (and y), each warp a column
 * of the tile every 8, kUnroll columns' loads in flight. With full storage, 16-byte aligned A
 * and lda a multiple of R, lane l owns rows l R .. l R + R - 1 and moves each column's piece as
 * one 16-byte vector; otherwise (packed storage, or an A or lda that does not allow it) lane l
 * owns rows l, l + 32, ... and a warp moves 32 consecutive elements per access. Elements
 * outside the referenced triangle (diagonal tiles) or past the last row are masked off. A
 * resident grid (kBlocksPerSm blocks per SM) walks the tiles in turn; a triangle's numbering
 * holds only the tiles that meet it. */
#include <algorithm>

#include "cuda_common.cuh"

namespace {

constexpr int kThreads = 256, kWarps = kThreads / 32;
constexpr int kUnroll = 4;      /* columns per warp with loads in flight */
constexpr int kBlocksPerSm = 4; /* resident blocks per SM (launch bounds: 64 registers) */

enum class Form : int { kGeneral, kUpper, kLower };

template <typename T> struct Tile {
    static constexpr int R = Vec16<T>::width;
    static constexpr int kRows = 32 * R;                  /* and columns: square */
    static constexpr int kColsPerWarp = kRows / kWarps;   /* float 16, double 8 */
    static_assert(kColsPerWarp % kUnroll == 0 && kColsPerWarp <= 32,
                  "whole batches; a lane per column's coefficient");
};

/* A as the kernel sees it: rows x cols (n x n for a triangle), lda == 0 for packed storage. */
struct Layout {
    Form form;
    int64_t rows, cols, lda;
};

/* Column j: the offset of A(0, j) and the referenced rows [lo, hi). */
__device__ __forceinline__ int64_t column_offset(const Layout &L, int64_t j) {
    if (L.lda != 0) return j * L.lda;
    return L.form == Form::kUpper ? j * (j + 1) / 2 : j * (2 * L.rows - j - 1) / 2;
}
__device__ __forceinline__ int64_t first_row(const Layout &L, int64_t j) {
    return L.form == Form::kLower ? j : 0;
}
__device__ __forceinline__ int64_t end_row(const Layout &L, int64_t j) {
    return L.form == Form::kUpper ? j + 1 : L.rows;
}

/* A vector at element 0 (vec_start applied) and its increment. */
template <typename T> struct Strided {
    const T *p;
    int64_t inc;
    __device__ __forceinline__ T at(int64_t i) const { return p[i * inc]; }
};

/* The rows' vectors u (x) and v (y, rank 2) and the columns' coefficients: t1 = alpha cu(j),
 * t2 = alpha cv(j). GER: u = x, cu = y. SYR: u = cu = x. SYR2: u = x, v = y, cu = y, cv = x. */
template <typename T> struct Operands {
    Strided<T> u, v, cu, cv;
};

/* The tiles, numbered 0 .. count - 1.
 * General: tile g is row tile g % row_tiles of column tile g / row_tiles.
 * Upper: column tile c holds row tiles 0 .. c, tile g = c (c + 1) / 2 + a is (a, c).
 * Lower: the upper numbering mirrored, (a, c) -> (nt - 1 - a, nt - 1 - c). */
struct TileMap {
    int64_t count, row_tiles, nt;
};

__device__ __forceinline__ int64_t triangle_before(int64_t c) { return c * (c + 1) / 2; }

__device__ __forceinline__ void tile_of(Form form, const TileMap &map, int64_t g, int64_t &ti,
                                        int64_t &tj) {
    if (form == Form::kGeneral) {
        ti = g % map.row_tiles;
        tj = g / map.row_tiles;
        return;
    }
    int64_t c = (int64_t)((sqrt(8.0 * (double)g + 1.0) - 1.0) / 2.0);
    while (triangle_before(c + 1) <= g) ++c;
    while (triangle_before(c) > g) --c;
    const int64_t a = g - triangle_before(c);
    ti = form == Form::kUpper ? a : map.nt - 1 - a;
    tj = form == Form::kUpper ? c : map.nt - 1 - c;
}

/* One tile (ti, tj) by the block. Lane l's element e lies in row first + e * kStride: first is
 * the tile's first row plus l R (kVec, kStride = 1) or plus l (kStride = 32). */
template <typename T, int kRank, bool kVec>
__device__ __forceinline__ void update_tile(const Layout &L, T alpha, const Operands<T> &op, T *A,
                                            int64_t ti, int64_t tj) {
    using Tl = Tile<T>;
    using V = typename Vec16<T>::type;
    constexpr int R = Tl::R, kStride = kVec ? 1 : 32;
    constexpr unsigned kAll = (1u << R) - 1; /* every element of the lane's piece referenced */
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int64_t first = ti * Tl::kRows + (kVec ? lane * R : lane);
    const int64_t c0 = tj * Tl::kRows + warp;

    /* this lane's rows of u (v), and lane k's coefficients of the warp's column k */
    T pu[R], pv[R];
#pragma unroll
    for (int e = 0; e < R; ++e) {
        const int64_t r = first + e * kStride;
        pu[e] = r < L.rows ? op.u.at(r) : T(0);
        pv[e] = kRank == 2 && r < L.rows ? op.v.at(r) : T(0);
    }
    T k1 = T(0), k2 = T(0);
    const int64_t jl = c0 + (int64_t)kWarps * lane;
    if (lane < Tl::kColsPerWarp && jl < L.cols) {
        k1 = op.cu.at(jl);
        if (kRank == 2) k2 = op.cv.at(jl);
    }

#pragma unroll
    for (int k0 = 0; k0 < Tl::kColsPerWarp; k0 += kUnroll) {
        T a[kUnroll][R];
        unsigned rows_in[kUnroll]; /* bit e: this lane's element e is referenced */
        T *mine[kUnroll];          /* this lane's first element in column u */
        /* loads of kUnroll columns first */
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int64_t j = c0 + (int64_t)kWarps * (k0 + u);
            rows_in[u] = 0;
            mine[u] = A;
            if (j >= L.cols) continue;
            const int64_t lo = first_row(L, j), hi = end_row(L, j);
            mine[u] = A + column_offset(L, j) + first;
#pragma unroll
            for (int e = 0; e < R; ++e) {
                const int64_t r = first + e * kStride;
                rows_in[u] |= (unsigned)(r >= lo && r < hi) << e;
            }
            if (kVec && rows_in[u] == kAll) {
                const V w = __ldcs(reinterpret_cast<const V *>(mine[u]));
#pragma unroll
                for (int e = 0; e < R; ++e) a[u][e] = Vec16<T>::get(w, e);
            } else {
#pragma unroll
                for (int e = 0; e < R; ++e)
                    a[u][e] = rows_in[u] >> e & 1u ? __ldcs(mine[u] + e * kStride) : T(0);
            }
        }
        /* then the updates, where the column is not skipped */
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const T c1 = __shfl_sync(0xffffffffu, k1, k0 + u);
            const T c2 = kRank == 2 ? __shfl_sync(0xffffffffu, k2, k0 + u) : T(0);
            if (rows_in[u] == 0 || (c1 == T(0) && c2 == T(0))) continue;
            const T t1 = alpha * c1, t2 = alpha * c2;
#pragma unroll
            for (int e = 0; e < R; ++e) {
                a[u][e] = fma(pu[e], t1, a[u][e]);
                if (kRank == 2) a[u][e] = fma(pv[e], t2, a[u][e]);
            }
            if (kVec && rows_in[u] == kAll) {
                V w;
#pragma unroll
                for (int e = 0; e < R; ++e) Vec16<T>::set(w, e, a[u][e]);
                __stcs(reinterpret_cast<V *>(mine[u]), w);
            } else {
#pragma unroll
                for (int e = 0; e < R; ++e)
                    if (rows_in[u] >> e & 1u) __stcs(mine[u] + e * kStride, a[u][e]);
            }
        }
    }
}

/* A resident grid (kBlocksPerSm blocks per SM) walks the tiles: block b takes tiles b, b +
 * gridDim.x, ...; so the grid stays bounded for any shape. */
template <typename T, int kRank, bool kVec>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    rank_update_kernel(Layout L, TileMap map, Scalar<T> alpha_s, Operands<T> op, T *A) {
    const T alpha = scalar_value<T>(alpha_s);
    if (alpha == T(0)) return; /* device pointer mode: A, x and y are never read */
    for (int64_t g = blockIdx.x; g < map.count; g += gridDim.x) {
        int64_t ti, tj;
        tile_of(L.form, map, g, ti, tj);
        update_tile<T, kRank, kVec>(L, alpha, op, A, ti, tj);
    }
}

template <typename T, int kRank>
cudaError_t launch_rank_update(gblas_cuda_env *env, Layout L, Scalar<T> alpha,
                               const Operands<T> &op, T *A) {
    using Tl = Tile<T>;
    const bool vec = L.lda != 0 && aligned16(A) && L.lda % Tl::R == 0;
    auto kernel = vec ? rank_update_kernel<T, kRank, true> : rank_update_kernel<T, kRank, false>;
    const int64_t rt = ceil_div(L.rows, Tl::kRows), ct = ceil_div(L.cols, Tl::kRows);
    const TileMap map{L.form == Form::kGeneral ? rt * ct : ct * (ct + 1) / 2, rt, ct};
    const int64_t blocks = std::min(map.count, (int64_t)env->sm_count * kBlocksPerSm);
    kernel<<<(unsigned)blocks, kThreads, 0, env->stream>>>(L, map, alpha, op, A);
    return launch_check(env, "rank_update_kernel");
}

template <typename T> Strided<T> strided(const T *p, int64_t n, int64_t inc) {
    return {p + vec_start(n, inc), inc};
}

Form sym_form(gblas_fill_mode_t uplo) {
    return uplo == GBLAS_FILL_MODE_UPPER ? Form::kUpper : Form::kLower;
}

} // namespace

template <typename T>
cudaError_t launch_ger(gblas_cuda_env *env, int64_t m, int64_t n, Scalar<T> alpha, const T *x,
                       int64_t incx, const T *y, int64_t incy, T *A, int64_t lda) {
    const Operands<T> op{strided(x, m, incx), {}, strided(y, n, incy), {}};
    return launch_rank_update<T, 1>(env, {Form::kGeneral, m, n, lda}, alpha, op, A);
}

template <typename T>
cudaError_t launch_syr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                       const T *x, int64_t incx, T *A, int64_t lda) {
    const Operands<T> op{strided(x, n, incx), {}, strided(x, n, incx), {}};
    return launch_rank_update<T, 1>(env, {sym_form(uplo), n, n, lda}, alpha, op, A);
}

template <typename T>
cudaError_t launch_spr(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                       const T *x, int64_t incx, T *AP) {
    const Operands<T> op{strided(x, n, incx), {}, strided(x, n, incx), {}};
    return launch_rank_update<T, 1>(env, {sym_form(uplo), n, n, 0}, alpha, op, AP);
}

template <typename T>
cudaError_t launch_syr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *x, int64_t incx, const T *y, int64_t incy, T *A, int64_t lda) {
    const Operands<T> op{strided(x, n, incx), strided(y, n, incy), strided(y, n, incy),
                         strided(x, n, incx)};
    return launch_rank_update<T, 2>(env, {sym_form(uplo), n, n, lda}, alpha, op, A);
}

template <typename T>
cudaError_t launch_spr2(gblas_cuda_env *env, gblas_fill_mode_t uplo, int64_t n, Scalar<T> alpha,
                        const T *x, int64_t incx, const T *y, int64_t incy, T *AP) {
    const Operands<T> op{strided(x, n, incx), strided(y, n, incy), strided(y, n, incy),
                         strided(x, n, incx)};
    return launch_rank_update<T, 2>(env, {sym_form(uplo), n, n, 0}, alpha, op, AP);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_ger<T>(gblas_cuda_env *, int64_t, int64_t, Scalar<T>, const T *, \
                                       int64_t, const T *, int64_t, T *, int64_t);              \
    template cudaError_t launch_syr<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<T>, \
                                       const T *, int64_t, T *, int64_t);                       \
    template cudaError_t launch_spr<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t, Scalar<T>, \
                                       const T *, int64_t, T *);                                \
    template cudaError_t launch_syr2<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t,           \
                                        Scalar<T>, const T *, int64_t, const T *, int64_t, T *, \
                                        int64_t);                                               \
    template cudaError_t launch_spr2<T>(gblas_cuda_env *, gblas_fill_mode_t, int64_t,           \
                                        Scalar<T>, const T *, int64_t, const T *, int64_t, T *);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
