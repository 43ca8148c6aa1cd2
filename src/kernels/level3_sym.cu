/* level3_sym.cu: SYMM (C = alpha A B + beta C or alpha B A + beta C, A symmetric, only its uplo
 * triangle read), SYRK and SYR2K (C = alpha op(A) op(A)^T + beta C, C = alpha (op(A) op(B)^T +
 * op(B) op(A)^T) + beta C on C's uplo triangle only), as a recursion over the symmetric
 * dimension whose off-diagonal blocks are GEMMs (launch_gemm) and whose diagonal leaves are done
 * first, by batched GEMMs where possible.
 *
 * Leaves: the symmetric dimension (SYMM: m LEFT, n RIGHT; SYRK/SYR2K: n) is cut into blocks
 * [kSymNB b, kSymNB (b + 1)) (the last one shorter); the recursion halves [0, dim) at a
 * multiple of kSymNB, so its leaves are exactly these blocks. With two or more full blocks,
 * those go through strided batched GEMMs (which never touch the scratch) on kSymNB x kSymNB
 * blocks held in the scratch, in chunks of what it holds; the rest (a short last block, or all
 * when dim < 2 kSymNB) through a leaf kernel.
 * - SYMM: first every leaf's rows (LEFT) or columns (RIGHT) of C become beta C + alpha A_bb B_b:
 *   batched, symm_pack_kernel writes A_bb whole into the scratch and one batched GEMM writes C;
 *   otherwise symm_leaf_kernel. Then for each split [i0, i1) + [i1, i0 + s) two GEMMs with A's
 *   stored off-diagonal block, as stored or transposed (A21, A12 = A21^T), add into C (beta 1).
 * - SYRK, SYR2K: every leaf's triangle of C becomes beta C + alpha (...): batched, one (SYR2K:
 *   two) batched GEMM writes the whole blocks into the scratch and rank_store_kernel adds their
 *   uplo triangles into C; otherwise rank_leaf_kernel. Each split's off-diagonal rectangle (C21
 *   lower, C12 upper) is one GEMM with beta (SYR2K: a second with beta = 1). The other triangle
 *   of C is never read or written.
 * Leaf kernels: a block computes a 32 x 32 tile of C, thread (x, y) the row x and columns
 * y + 8 q (q < 4), each element's sum over the leaf's k range in index order, k in chunks of 32
 * through shared memory.
 * alpha == 0 (read on the device in device pointer mode) reads neither A nor B: the leaf and
 * pack kernels check it, the GEMMs see it; beta == 0 never reads C.
 * Every element's arithmetic is fixed by the shapes, the split points and the GEMM's rules
 * (shapes and SM count only): results repeat bit for bit, whatever the scratch size. The
 * scratch holds leaf blocks only between launches that do not use it (batched GEMMs, the pack
 * and store kernels); the plain GEMMs of the recursion run after the last of them. */
#include <algorithm>

#include "cuda_common.cuh"
#include "gemm_launch.cuh"

namespace {

constexpr int kSymNB = 64;   /* a leaf: at most this many rows / columns of the symmetric matrix */
constexpr int kTile = 32;    /* a leaf kernel's output tile: kTile x kTile, and its k chunk */
constexpr int kGroups = 8;   /* thread (x, y): row x, columns y + kGroups q */
constexpr int kCols = kTile / kGroups;
constexpr int kTilesPerLeaf = kSymNB / kTile;
constexpr int64_t kMaxGridY = 65535;

/* One operand of a leaf product, as an indexable rows x k matrix X(r, l): stored column-major
 * as is (OP_N: X[r + l ld]), transposed (X[l + r ld]), or symmetric from its uplo triangle. */
enum class Form { kPlain, kTrans, kSym };
template <typename T> struct Operand {
    const T *p;
    int64_t ld;
    Form form;
    bool upper; /* kSym */
};

template <typename T>
__device__ __forceinline__ T operand_elem(const Operand<T> &x, int64_t r, int64_t l) {
    const bool as_is = x.form == Form::kPlain ||
                       (x.form == Form::kSym && (x.upper ? r <= l : r >= l));
    return as_is ? x.p[r + l * x.ld] : x.p[l + r * x.ld];
}

/* s[r][l] = X(r0 + r, l0 + l) for r < kTile, l < kTile, zero where r0 + r >= r_end or
 * l0 + l >= l_end. Threads walk the stored dimension: x runs along r for plain, along l
 * otherwise. */
template <typename T>
__device__ __forceinline__ void load_tile(const Operand<T> &x, int64_t r0, int64_t r_end,
                                          int64_t l0, int64_t l_end, T (&s)[kTile][kTile + 1]) {
    const bool along_r = x.form == Form::kPlain;
#pragma unroll
    for (int q = 0; q < kCols; ++q) {
        const int a = threadIdx.x, b = threadIdx.y + kGroups * q;
        const int r = along_r ? a : b, l = along_r ? b : a;
        const bool in = r0 + r < r_end && l0 + l < l_end;
        s[r][l] = in ? operand_elem(x, r0 + r, l0 + l) : T(0);
    }
}

/* The tile of C at rows [r0, r_end) x cols [c0, c_end) (each at most kTile): acc(i, j) = sum over
 * l in [l_begin, l_end) of X(i, l) Y(j, l) (+ X2(i, l) Y2(j, l) when kTwo), then
 * C = alpha acc + beta C where keep(i, j). */
template <typename T, bool kTwo, typename Keep>
__device__ __forceinline__ void leaf_tile(const Operand<T> &x, const Operand<T> &y,
                                          const Operand<T> &x2, const Operand<T> &y2,
                                          int64_t r0, int64_t r_end, int64_t c0, int64_t c_end,
                                          int64_t l_begin, int64_t l_end, Scalar<T> alpha_s,
                                          Scalar<T> beta_s, T *C, int64_t ldc, Keep keep) {
    __shared__ T xs[kTile][kTile + 1], ys[kTile][kTile + 1];
    __shared__ T x2s[kTwo ? kTile : 1][kTile + 1], y2s[kTwo ? kTile : 1][kTile + 1];
    const T alpha = scalar_value<T>(alpha_s);
    const bool products = alpha != T(0) && l_end > l_begin;
    T acc[kCols] = {};
    for (int64_t l0 = l_begin; products && l0 < l_end; l0 += kTile) {
        load_tile(x, r0, r_end, l0, l_end, xs);
        load_tile(y, c0, c_end, l0, l_end, ys);
        if constexpr (kTwo) {
            load_tile(x2, r0, r_end, l0, l_end, x2s);
            load_tile(y2, c0, c_end, l0, l_end, y2s);
        }
        __syncthreads();
#pragma unroll 8
        for (int l = 0; l < kTile; ++l) {
            const T xv = xs[threadIdx.x][l];
#pragma unroll
            for (int q = 0; q < kCols; ++q) {
                acc[q] = fma(xv, ys[threadIdx.y + kGroups * q][l], acc[q]);
                if constexpr (kTwo) acc[q] = fma(x2s[threadIdx.x][l], y2s[threadIdx.y + kGroups * q][l], acc[q]);
            }
        }
        __syncthreads();
    }
    const T beta = scalar_value<T>(beta_s);
    const int64_t i = r0 + threadIdx.x;
#pragma unroll
    for (int q = 0; q < kCols; ++q) {
        const int64_t j = c0 + threadIdx.y + kGroups * q;
        if (i >= r_end || j >= c_end || !keep(i, j)) continue;
        T *c = C + i + j * ldc;
        *c = scale_output(products ? alpha : T(0), acc[q], beta, beta != T(0) ? *c : T(0));
    }
}

/* Which elements of a tile a leaf writes: all (SYMM), or C's uplo triangle (SYRK, SYR2K). */
struct KeepAll {
    __device__ bool operator()(int64_t, int64_t) const { return true; }
};
struct KeepTriangle {
    bool upper;
    __device__ bool operator()(int64_t i, int64_t j) const { return upper ? i <= j : i >= j; }
};

__device__ __forceinline__ int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }

/* Leaf b of dim: [kSymNB b, min(kSymNB (b + 1), dim)). */
__device__ __forceinline__ void leaf_range(int64_t b, int64_t dim, int64_t &begin, int64_t &end) {
    begin = b * kSymNB;
    end = imin(begin + kSymNB, dim);
}

/* SYMM leaves: block (x, y): tile x % kTilesPerLeaf of the leaf dimension and x / kTilesPerLeaf
 * of the other one, leaf first + y (and + gridDim.y, ...) below leaves. LEFT: C rows of the leaf, all n columns,
 * X = A_bb (symmetric), Y(j, l) = B(l, j); RIGHT: all m rows, C columns of the leaf,
 * X(i, l) = B(i, l), Y(j, l) = A_bb(j, l). */
template <typename T>
__global__ void __launch_bounds__(kTile * kGroups)
    symm_leaf_kernel(bool left, bool upper, int64_t m, int64_t n, Scalar<T> alpha, const T *A,
                     int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc,
                     int64_t first, int64_t leaves) {
    const int64_t dim = left ? m : n;
    const int64_t in_leaf = blockIdx.x % kTilesPerLeaf, other = blockIdx.x / kTilesPerLeaf;
    const Operand<T> a{A, lda, Form::kSym, upper};
    for (int64_t b = first + blockIdx.y; b < leaves; b += gridDim.y) {
        int64_t begin, end;
        leaf_range(b, dim, begin, end);
        const int64_t l0 = begin + in_leaf * kTile; /* this tile's start in the leaf dimension */
        if (l0 >= end) continue;
        const int64_t o0 = other * kTile;
        if (left)
            leaf_tile<T, false>(a, Operand<T>{B, ldb, Form::kTrans, false}, a, a, l0,
                                imin(l0 + kTile, end), o0, imin(o0 + kTile, n), begin, end, alpha,
                                beta, C, ldc, KeepAll{});
        else
            leaf_tile<T, false>(Operand<T>{B, ldb, Form::kPlain, false}, a, a, a, o0,
                                imin(o0 + kTile, m), l0, imin(l0 + kTile, end), begin, end, alpha,
                                beta, C, ldc, KeepAll{});
    }
}

/* SYRK / SYR2K leaves: block (x, y): tile (x % kTilesPerLeaf, x / kTilesPerLeaf) of the diagonal
 * block of leaf first + y (and + gridDim.y, ...) below leaves, only tiles touching the uplo triangle; X = op(A),
 * Y = op(B) (SYRK: B = A), and for SYR2K X2 = op(B), Y2 = op(A); k in [0, k). */
template <typename T, bool kTwo>
__global__ void __launch_bounds__(kTile * kGroups)
    rank_leaf_kernel(bool upper, bool trans_n, int64_t n, int64_t k, Scalar<T> alpha, const T *A,
                     int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc,
                     int64_t first, int64_t leaves) {
    const int tr = blockIdx.x % kTilesPerLeaf, tc = blockIdx.x / kTilesPerLeaf;
    if (upper ? tr > tc : tr < tc) return; /* wholly in the other triangle */
    const Form f = trans_n ? Form::kPlain : Form::kTrans;
    const Operand<T> a{A, lda, f, false}, b{B, ldb, f, false};
    for (int64_t leaf = first + blockIdx.y; leaf < leaves; leaf += gridDim.y) {
        int64_t begin, end;
        leaf_range(leaf, n, begin, end);
        const int64_t r0 = begin + tr * kTile, c0 = begin + tc * kTile;
        if (r0 >= end || c0 >= end) continue;
        leaf_tile<T, kTwo>(a, b, b, a, r0, imin(r0 + kTile, end), c0, imin(c0 + kTile, end), 0, k,
                           alpha, beta, C, ldc, KeepTriangle{upper});
    }
}

/* Full leaves through the batched GEMM (kSymNB x kSymNB blocks, kLeafElems elements each, in
 * the scratch at leaf - first; a block of kThreads threads per kThreads elements, grid y the
 * leaf within the chunk). */
constexpr int kLeafElems = kSymNB * kSymNB;
constexpr int kThreads = 256;

/* SYMM: S_b = the symmetric diagonal block b of A, both triangles (A points at the chunk's
 * first block). alpha == 0: nothing (the GEMM then reads neither S nor B). */
template <typename T>
__global__ void __launch_bounds__(kThreads)
    symm_pack_kernel(bool upper, Scalar<T> alpha_s, const T *A, int64_t lda, T *S) {
    if (scalar_value<T>(alpha_s) == T(0)) return;
    const int e = blockIdx.x * kThreads + threadIdx.x, i = e % kSymNB, j = e / kSymNB;
    const Operand<T> a{A + (int64_t)blockIdx.y * kSymNB * (1 + lda), lda, Form::kSym, upper};
    S[(int64_t)blockIdx.y * kLeafElems + e] = operand_elem(a, i, j);
}

/* SYRK, SYR2K: C's uplo triangle of diagonal block b = S_b + beta C (C points at the chunk's
 * first block; S_b = alpha times the block's sum, from the batched GEMM). */
template <typename T>
__global__ void __launch_bounds__(kThreads)
    rank_store_kernel(bool upper, Scalar<T> beta_s, const T *S, T *C, int64_t ldc) {
    const int e = blockIdx.x * kThreads + threadIdx.x, i = e % kSymNB, j = e / kSymNB;
    if (!KeepTriangle{upper}(i, j)) return;
    const T beta = scalar_value<T>(beta_s);
    T *c = C + (int64_t)blockIdx.y * kSymNB * (1 + ldc) + i + (int64_t)j * ldc;
    const T v = S[(int64_t)blockIdx.y * kLeafElems + e];
    *c = beta == T(0) ? v : fma(beta, *c, v);
}

/* [0, s) split at a multiple of kSymNB: the first part takes half the leaves, rounded up. */
inline int64_t split_point(int64_t s) { return (ceil_div(s, kSymNB) + 1) / 2 * kSymNB; }

inline gblas_operation_t flip(gblas_operation_t op) {
    return op == GBLAS_OP_N ? GBLAS_OP_T : GBLAS_OP_N;
}

inline dim3 leaf_grid(int64_t tiles_x, int64_t leaves) {
    return dim3((unsigned)tiles_x, (unsigned)std::min(leaves, kMaxGridY));
}

template <typename T> struct SymmCall {
    gblas_cuda_env *env;
    bool left, upper;
    int64_t m, n;
    Scalar<T> alpha;
    const T *A;
    int64_t lda;
    const T *B;
    int64_t ldb;
    T *C;
    int64_t ldc;
};

/* The off-diagonal GEMMs of A's block [i0, i0 + s) (the leaves are done):
 * LEFT: C1 += alpha A12 B2, C2 += alpha A21 B1; RIGHT: C1 += alpha B2 A21, C2 += alpha B1 A12,
 * where A21 is A's stored block (lower) or the stored A12 transposed (upper). */
template <typename T> cudaError_t symm_rec(const SymmCall<T> &g, int64_t i0, int64_t s) {
    if (s <= kSymNB) return cudaSuccess;
    const int64_t s1 = split_point(s), s2 = s - s1, i1 = i0 + s1;
    const gblas_operation_t op21 = g.upper ? GBLAS_OP_T : GBLAS_OP_N;
    const T *a21 = g.upper ? g.A + i0 + i1 * g.lda : g.A + i1 + i0 * g.lda;
    const Scalar<T> one{T(1), nullptr};
    cudaError_t err;
    if (g.left) {
        err = launch_gemm<T>(g.env, flip(op21), GBLAS_OP_N, s1, g.n, s2, g.alpha, a21, g.lda,
                             g.B + i1, g.ldb, one, g.C + i0, g.ldc, GemmBatch<T>{});
        if (err == cudaSuccess)
            err = launch_gemm<T>(g.env, op21, GBLAS_OP_N, s2, g.n, s1, g.alpha, a21, g.lda,
                                 g.B + i0, g.ldb, one, g.C + i1, g.ldc, GemmBatch<T>{});
    } else {
        err = launch_gemm<T>(g.env, GBLAS_OP_N, op21, g.m, s1, s2, g.alpha, g.B + i1 * g.ldb,
                             g.ldb, a21, g.lda, one, g.C + i0 * g.ldc, g.ldc, GemmBatch<T>{});
        if (err == cudaSuccess)
            err = launch_gemm<T>(g.env, GBLAS_OP_N, flip(op21), g.m, s2, s1, g.alpha,
                                 g.B + i0 * g.ldb, g.ldb, a21, g.lda, one, g.C + i1 * g.ldc,
                                 g.ldc, GemmBatch<T>{});
    }
    if (err != cudaSuccess) return err;
    err = symm_rec(g, i0, s1);
    return err != cudaSuccess ? err : symm_rec(g, i1, s2);
}

template <typename T> struct RankCall {
    gblas_cuda_env *env;
    bool upper;
    gblas_operation_t ta; /* op(A) = ta, op(A)^T = flip(ta) */
    int64_t k;
    Scalar<T> alpha, beta;
    const T *A;
    int64_t lda;
    const T *B; /* nullptr: SYRK */
    int64_t ldb;
    T *C;
    int64_t ldc;
};

/* Row r0 of op(X): X + r0 (OP_N) or X + r0 ld. */
template <typename T> const T *op_rows(const T *x, int64_t ld, gblas_operation_t ta, int64_t r0) {
    return ta == GBLAS_OP_N ? x + r0 : x + r0 * ld;
}

/* out (rows x cols) = alpha (op(A)(r0.., :) op(B)(c0.., :)^T [+ op(B)(r0.., :) op(A)(c0.., :)^T])
 * + beta out, for each entry of batch (its strides for A's and B's rows; swapped for the second
 * term). */
template <typename T>
cudaError_t rank_gemms(const RankCall<T> &g, int64_t r0, int64_t c0, int64_t rows, int64_t cols,
                       Scalar<T> beta, T *out, int64_t ldo, GemmBatch<T> batch) {
    const T *b = g.B ? g.B : g.A;
    const int64_t ldb = g.B ? g.ldb : g.lda;
    cudaError_t err = launch_gemm<T>(g.env, g.ta, flip(g.ta), rows, cols, g.k, g.alpha,
                                     op_rows(g.A, g.lda, g.ta, r0), g.lda,
                                     op_rows(b, ldb, g.ta, c0), ldb, beta, out, ldo, batch);
    if (err != cudaSuccess || !g.B) return err;
    std::swap(batch.stride_a, batch.stride_b);
    return launch_gemm<T>(g.env, g.ta, flip(g.ta), rows, cols, g.k, g.alpha,
                          op_rows(b, ldb, g.ta, r0), ldb, op_rows(g.A, g.lda, g.ta, c0), g.lda,
                          Scalar<T>{T(1), nullptr}, out, ldo, batch);
}

/* The off-diagonal rectangles of C's triangle in the diagonal block [i0, i0 + s) (the leaves
 * are done): lower C21 (rows i1.., columns i0..i1), upper C12, each with beta. */
template <typename T> cudaError_t rank_rec(const RankCall<T> &g, int64_t i0, int64_t s) {
    if (s <= kSymNB) return cudaSuccess;
    const int64_t s1 = split_point(s), s2 = s - s1, i1 = i0 + s1;
    const int64_t r0 = g.upper ? i0 : i1, c0 = g.upper ? i1 : i0;
    cudaError_t err = rank_gemms(g, r0, c0, g.upper ? s1 : s2, g.upper ? s2 : s1, g.beta,
                                 g.C + r0 + c0 * g.ldc, g.ldc, GemmBatch<T>{});
    if (err != cudaSuccess) return err;
    err = rank_rec(g, i0, s1);
    return err != cudaSuccess ? err : rank_rec(g, i1, s2);
}

/* The full leaves [0, full) in chunks of at most what the scratch holds and at least 2 (a batch
 * of one would be a plain GEMM, which may put split-K partials in the scratch): body(first,
 * count) per chunk, in stream order. */
template <typename T, typename Body> cudaError_t for_leaf_chunks(int64_t full, Body body) {
    const int64_t cap = (int64_t)(GBLAS_CUDA_SCRATCH_BYTES / (kLeafElems * sizeof(T)));
    const int64_t chunks = ceil_div(full, cap);
    for (int64_t c = 0; c < chunks; ++c) {
        const int64_t first = full * c / chunks, end = full * (c + 1) / chunks;
        const cudaError_t err = body(first, end - first);
        if (err != cudaSuccess) return err;
    }
    return cudaSuccess;
}

/* Full leaves go through the batched GEMM when there are two or more; the rest (a short last
 * leaf, or everything when dim < 2 kSymNB) through the leaf kernel. */
inline int64_t batched_leaves(int64_t dim) { return dim / kSymNB >= 2 ? dim / kSymNB : 0; }

inline dim3 chunk_grid(int64_t count) { return dim3(kLeafElems / kThreads, (unsigned)count); }

template <typename T>
cudaError_t launch_rank(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans,
                        int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda,
                        const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc) {
    const bool upper = uplo == GBLAS_FILL_MODE_UPPER, trans_n = trans == GBLAS_OP_N;
    const RankCall<T> g{env, upper, trans_n ? GBLAS_OP_N : GBLAS_OP_T, k, alpha, beta, A, lda, B,
                        ldb, C, ldc};
    const int64_t leaves = ceil_div(n, kSymNB), batched = batched_leaves(n);
    T *S = static_cast<T *>(env->scratch);
    /* S_b = alpha (op(A)_b op(B)_b^T [+ op(B)_b op(A)_b^T]) for the chunk's diagonal blocks,
     * then their triangles into C */
    cudaError_t err = for_leaf_chunks<T>(batched, [&](int64_t first, int64_t count) {
        const int64_t off = first * kSymNB;
        GemmBatch<T> batch;
        batch.count = count;
        batch.stride_a = trans_n ? kSymNB : kSymNB * lda;
        batch.stride_b = trans_n ? kSymNB : kSymNB * (B ? ldb : lda);
        batch.stride_c = kLeafElems;
        const cudaError_t e = rank_gemms(g, off, off, kSymNB, kSymNB, Scalar<T>{T(0), nullptr}, S,
                                         kSymNB, batch);
        if (e != cudaSuccess) return e;
        rank_store_kernel<T><<<chunk_grid(count), kThreads, 0, env->stream>>>(
            upper, beta, S, C + off * (1 + ldc), ldc);
        return launch_check(env, "rank_store_kernel");
    });
    if (err != cudaSuccess) return err;
    if (batched < leaves) {
        const dim3 grid = leaf_grid(kTilesPerLeaf * kTilesPerLeaf, leaves - batched),
                   block(kTile, kGroups);
        if (B)
            rank_leaf_kernel<T, true><<<grid, block, 0, env->stream>>>(
                upper, trans_n, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batched, leaves);
        else
            rank_leaf_kernel<T, false><<<grid, block, 0, env->stream>>>(
                upper, trans_n, n, k, alpha, A, lda, A, lda, beta, C, ldc, batched, leaves);
        err = launch_check(env, "rank_leaf_kernel");
        if (err != cudaSuccess) return err;
    }
    return rank_rec(g, 0, n);
}

} // namespace

template <typename T>
cudaError_t launch_symm(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc) {
    const bool left = side == GBLAS_SIDE_LEFT, upper = uplo == GBLAS_FILL_MODE_UPPER;
    const int64_t dim = left ? m : n, other = left ? n : m;
    const int64_t leaves = ceil_div(dim, kSymNB), batched = batched_leaves(dim);
    T *S = static_cast<T *>(env->scratch);
    /* the chunk's diagonal blocks of A made whole in S, then C_b = alpha (S_b B_b or B_b S_b)
     * + beta C_b as one batched GEMM */
    cudaError_t err = for_leaf_chunks<T>(batched, [&](int64_t first, int64_t count) {
        const int64_t off = first * kSymNB;
        symm_pack_kernel<T><<<chunk_grid(count), kThreads, 0, env->stream>>>(
            upper, alpha, A + off * (1 + lda), lda, S);
        const cudaError_t e = launch_check(env, "symm_pack_kernel");
        if (e != cudaSuccess) return e;
        GemmBatch<T> batch;
        batch.count = count;
        if (left) {
            batch.stride_a = kLeafElems;
            batch.stride_b = kSymNB;
            batch.stride_c = kSymNB;
            return launch_gemm<T>(env, GBLAS_OP_N, GBLAS_OP_N, kSymNB, n, kSymNB, alpha, S, kSymNB,
                                  B + off, ldb, beta, C + off, ldc, batch);
        }
        batch.stride_a = kSymNB * ldb;
        batch.stride_b = kLeafElems;
        batch.stride_c = kSymNB * ldc;
        return launch_gemm<T>(env, GBLAS_OP_N, GBLAS_OP_N, m, kSymNB, kSymNB, alpha, B + off * ldb,
                              ldb, S, kSymNB, beta, C + off * ldc, ldc, batch);
    });
    if (err != cudaSuccess) return err;
    if (batched < leaves) {
        const dim3 grid = leaf_grid(kTilesPerLeaf * ceil_div(other, kTile), leaves - batched),
                   block(kTile, kGroups);
        symm_leaf_kernel<T><<<grid, block, 0, env->stream>>>(left, upper, m, n, alpha, A, lda, B,
                                                             ldb, beta, C, ldc, batched, leaves);
        err = launch_check(env, "symm_leaf_kernel");
        if (err != cudaSuccess) return err;
    }
    /* host pointer mode alpha == 0: the leaves made C = beta C, the GEMMs would add nothing */
    if (!alpha.ptr && alpha.value == T(0)) return cudaSuccess;
    const SymmCall<T> g{env, left, upper, m, n, alpha, A, lda, B, ldb, C, ldc};
    return symm_rec(g, 0, dim);
}
template <typename T>
cudaError_t launch_syrk(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, Scalar<T> beta, T *C, int64_t ldc) {
    return launch_rank<T>(env, uplo, trans, n, k, alpha, A, lda, nullptr, 0, beta, C, ldc);
}
template <typename T>
cudaError_t launch_syr2k(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<T> alpha, const T *A, int64_t lda, const T *B, int64_t ldb, Scalar<T> beta, T *C, int64_t ldc) {
    return launch_rank<T>(env, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
template cudaError_t launch_symm<float>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_syrk<float>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<float> alpha, const float *A, int64_t lda, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_syr2k<float>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<float> alpha, const float *A, int64_t lda, const float *B, int64_t ldb, Scalar<float> beta, float *C, int64_t ldc);
template cudaError_t launch_symm<double>(gblas_cuda_env *env, gblas_side_mode_t side, gblas_fill_mode_t uplo, int64_t m, int64_t n, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, Scalar<double> beta, double *C, int64_t ldc);
template cudaError_t launch_syrk<double>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<double> alpha, const double *A, int64_t lda, Scalar<double> beta, double *C, int64_t ldc);
template cudaError_t launch_syr2k<double>(gblas_cuda_env *env, gblas_fill_mode_t uplo, gblas_operation_t trans, int64_t n, int64_t k, Scalar<double> alpha, const double *A, int64_t lda, const double *B, int64_t ldb, Scalar<double> beta, double *C, int64_t ldc);
