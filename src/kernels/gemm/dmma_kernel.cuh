/* dmma_kernel.cuh (GEMM engine): the FP64 main loop on the tensor cores, column-major: its tile
 * shape, cp.async tile loader, main loop and epilogue, and dgemm_kernel, which composes them with
 * the engine's batch index (gemm_schedule.cuh) and split-K (gemm_splitk.cuh). Included by
 * dgemm.cu only. The products are mma.sync.aligned.m16n8k4 / m16n8k8 .row.col.f64 (sm_90; each
 * product and sum an IEEE double operation). m16n8k4 is the m8n8k4 tile pair fused (DGEMM 8192
 * ran 36.8 TFLOP/s against 23.7 for m8n8k4 with the same tiles); m16n8k8 is two k4 slices in one
 * instruction, which ran the long-k loops of the small config up to 18% faster (8192 x 33 x
 * 8192) and the large config slower (bench/gemm-log.md).
 *
 * Tile map of dgemm_kernel<Shape> (BK = 16, Shape::kStages-deep cp.async pipeline):
 *   Warps form a (BM/WM) x (BN/WN) grid; a warp owns WM x WN of C as (WM/8) x (WN/8) 8 x 8
 *   tiles, m-adjacent pairs issued as one m16n8k*. Fragments per 8 x 8 x 4 slice, g = lane/4,
 *   q = lane%4: a = op(A)[g][q], b = op(B)[q][g], c = C[g][2q + {0, 1}]; m16n8k8 takes the
 *   slices k0 and k0 + 4 as its a0/a1, a2/a3 and b0, b1.
 *   Shared tiles (a kStages-deep ring, one barrier per tile) keep the global contiguity, so
 *   cp.async copies 16-byte pieces unchanged:
 *   MN-contiguous operands (A with N, B with T) as S[k][e] with rows of E + 4 doubles,
 *   K-contiguous ones (A with T, B with N) as S[e][k] with rows of BK + 4. Either pad makes a
 *   fragment read (8 e x 4 k) hit 16 distinct 8-byte bank pairs in each half warp.
 *   Interior tiles take unpredicated copies from one pointer per operand (slot l + 1 lies
 *   kSlotRows rows further, in X and in S): 16-byte pieces, or two 8-byte halves for operands
 *   with odd ld or an unaligned base. In configs with kMoveEdgeTiles, the last tile row
 *   (column) of an even m (n) of at least BM (BN) is moved back to end at row m - 1 (column
 *   n - 1) and is interior too (tile_origin in gemm_schedule.cuh); the block then writes only
 *   its own rows (columns). The remaining edge tiles zero-fill out-of-range elements through
 *   cp.async (src-size 0), never copying 16 bytes of which only 8 are inside (OperandTile::
 *   load); in k only the first tile of a block's range can be partial.
 *   Stages rotate by counters: tile t is in stage t % kStages.
 *   The copies of tile t + kStages - 1 are issued after kCopyStep of tile t's mma k steps: in
 *   the large config, issued first, they stalled each warp until its queued DMMAs had read the
 *   fragment registers that the address arithmetic reuses (ncu, bench/gemm-log.md section 11).
 * Configs (rows of kDgemmSm90, gemm_configs_sm90.cuh): 128x64 at two blocks per SM, as cuBLAS's
 * own FP64 kernel on the H200 (ncu: 128x64x16, 3 stages, 2x2 warps); 64x64 with split-K
 * (grid.y) when the 128x64 tiles would not fill two blocks per SM. */
#pragma once

#include "gemm_schedule.cuh"
#include "gemm_splitk.cuh"

#include <type_traits>

namespace {

constexpr int BK = 16;

/* A block tile BM x BN of WM x WN warp tiles, a kStages-deep ring, kMinBlocks blocks per SM,
 * mma k of kMmaK; a tile's k steps are kMmaK deep, and the copies of the tile kStages - 1 ahead
 * are issued after kCopyStep of them; kMoveEdgeTiles: edge tiles moved back (tile map). */
template <int BM_, int BN_, int WM_, int WN_, int kStages_, int kMinBlocks_, int kMmaK_,
          int kCopyStep_, bool kMoveEdgeTiles_>
struct DgemmShape {
    static constexpr bool kMoveEdgeTiles = kMoveEdgeTiles_;
    static constexpr int BM = BM_, BN = BN_, WM = WM_, WN = WN_, kMmaK = kMmaK_;
    static constexpr int kStages = kStages_, kMinBlocks = kMinBlocks_, kCopyStep = kCopyStep_;
    static constexpr int kWarps = (BM / WM) * (BN / WN);
    static constexpr int kThreads = kWarps * 32;
    static_assert(kStages >= 2, "the ring overlaps one tile's copies with another's math");
    static_assert(kMmaK == 4 || kMmaK == 8, "m16n8k4 or m16n8k8");
    static_assert(BK % kMmaK == 0, "a tile is whole mma k steps");
    static_assert(kCopyStep >= 0 && kCopyStep < BK / kMmaK, "the copies are issued in the tile");
    static_assert(BM % WM == 0 && BN % WN == 0, "the block tile is whole warp tiles");
    static_assert(WM % 16 == 0 && WN % 8 == 0, "a warp tile is whole 16 x 8 mma tiles");
    static_assert((BM * BK / 2) % kThreads == 0 && (BN * BK / 2) % kThreads == 0,
                  "each thread copies whole 16-byte pieces of both tiles");
};

__device__ __forceinline__ void cp_async16(double *dst, const double *src, int src_bytes) {
    const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src),
                 "r"(src_bytes));
}
__device__ __forceinline__ void cp_async8(double *dst, const double *src, int src_bytes) {
    const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(s), "l"(src),
                 "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

/* D = A B + D for one 16 x 8 x 4 tile: c0 holds rows g, c1 rows g + 8 (two 8 x 8 tiles). */
__device__ __forceinline__ void dmma_m16n8k4(double (&c0)[2], double (&c1)[2], double a0,
                                             double a1, double b) {
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 "
                 "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};\n"
                 : "+d"(c0[0]), "+d"(c0[1]), "+d"(c1[0]), "+d"(c1[1])
                 : "d"(a0), "d"(a1), "d"(b));
}

/* The same with k = 8: a0/a1 as above at k = q, a2/a3 at k = q + 4; b0 at k = q, b1 at q + 4. */
__device__ __forceinline__ void dmma_m16n8k8(double (&c0)[2], double (&c1)[2], double a0,
                                             double a1, double a2, double a3, double b0,
                                             double b1) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+d"(c0[0]), "+d"(c0[1]), "+d"(c1[0]), "+d"(c1[1])
                 : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
}

/* One operand's E x BK tile of op(X) in shared memory (see the tile map). Element (e, kk) is
 * X[(e0 + e) + (k0 + kk) ld] when MN-contiguous, X[(k0 + kk) + (e0 + e) ld] when K-contiguous. */
template <int E, bool KContig> struct OperandTile {
    static constexpr int kLd = KContig ? BK + 4 : E + 4;
    static constexpr int kElems = KContig ? E * kLd : BK * kLd;
    static_assert(kLd % 16 == 4, "fragment reads are conflict-free when rows shift 4 doubles");
    static_assert(kElems % 2 == 0, "stages stay 16-byte aligned");

    static __device__ __forceinline__ int index(int e, int kk) {
        return KContig ? e * kLd + kk : kk * kLd + e;
    }
    /* Piece f: (e, kk) and its neighbour along the contiguous dimension (16 bytes). */
    static __device__ __forceinline__ void piece(int f, int &e, int &kk) {
        e = KContig ? f / (BK / 2) : (f % (E / 2)) * 2;
        kk = KContig ? (f % (BK / 2)) * 2 : f / (E / 2);
    }
    /* Piece f + THREADS is kSlotRows rows further (e for K-contiguous, k for MN-contiguous). */
    template <int THREADS> struct Slots {
        static constexpr int kPieceRow = KContig ? BK / 2 : E / 2;
        static_assert(THREADS % kPieceRow == 0, "slot l + 1 is the same piece whole rows further");
        static constexpr int kSlotRows = THREADS / kPieceRow;
        static constexpr int kSlots = E * BK / 2 / THREADS;
    };
    /* Interior tile (e0 + E <= e_lim, k0 + BK <= k_lim): unpredicated copies, one of 16 bytes
     * per piece when kVec (X 16-byte aligned, ld even), else two of 8. */
    template <int THREADS, bool kVec>
    static __device__ __forceinline__ void load_interior(double *S, const double *__restrict__ X,
                                                         int64_t ld, int64_t e0, int64_t k0) {
        using Sl = Slots<THREADS>;
        int e, kk;
        piece(threadIdx.x, e, kk);
        const double *src = X + (KContig ? (k0 + kk) + (e0 + e) * ld : (e0 + e) + (k0 + kk) * ld);
        double *dst = S + index(e, kk);
#pragma unroll
        for (int l = 0; l < Sl::kSlots; ++l) {
            double *d = dst + l * Sl::kSlotRows * kLd;
            const double *x = src + l * Sl::kSlotRows * ld;
            if (kVec) {
                cp_async16(d, x, 16);
            } else {
                cp_async8(d, x, 8);
                cp_async8(d + 1, x + 1, 8);
            }
        }
    }
    /* Issues this thread's copies of the tile at (e0, k0); elements outside
     * [0, e_lim) x [0, k_lim) become zeros and are never read. vec: X 16-byte aligned, ld even,
     * and no piece half inside, which the launcher ensures (DgemmKernels::vectors): pieces
     * start at even e and k of tiles at even origins, so a piece pairs (e, e + 1) below an even
     * e_lim (MN-contiguous: m or n even) or (k, k + 1) below an even k_lim (K-contiguous: k
     * even, so that every range and partial first tile is of even length). A 16-byte copy then
     * never reaches past the operand's last row or column, into the ld padding or past its
     * allocation. Without vec, 8-byte copies. */
    template <int THREADS>
    static __device__ __forceinline__ void load(double *S, const double *__restrict__ X,
                                                int64_t ld, int64_t e0, int64_t k0,
                                                int64_t e_lim, int64_t k_lim, bool vec) {
#pragma unroll
        for (int l = 0; l < Slots<THREADS>::kSlots; ++l) {
            int e, kk;
            piece(threadIdx.x + l * THREADS, e, kk);
            const int64_t ge = e0 + e, gk = k0 + kk;
            /* the piece is (ge, gk) and its neighbour along the contiguous dimension */
            const bool ok0 = ge < e_lim && gk < k_lim;
            const bool ok1 = KContig ? ok0 && gk + 1 < k_lim : ok0 && ge + 1 < e_lim;
            const double *src = ok0 ? X + (KContig ? gk + ge * ld : ge + gk * ld) : X;
            double *dst = S + index(e, kk);
            if (vec) { /* wholly inside or outside (16 or 0 bytes; the 8 never occurs with
                        * vec, but `ok1 ? 16 : 0` moved the register allocation of every
                        * instance, so the expression stays as it was) */
                cp_async16(dst, src, ok1 ? 16 : ok0 ? 8 : 0);
            } else {
                cp_async8(dst, src, ok0 ? 8 : 0);
                cp_async8(dst + 1, ok1 ? src + 1 : X, ok1 ? 8 : 0);
            }
        }
    }
};

template <typename Shape, bool kTransA, bool kTransB> constexpr size_t dgemm_smem_bytes() {
    return sizeof(double) * Shape::kStages *
           (OperandTile<Shape::BM, kTransA>::kElems + OperandTile<Shape::BN, !kTransB>::kElems);
}

/* Main loop: acc += op(A)[m0 + rows, kb..ke) op(B)[kb..ke, n0 + columns) for this thread's
 * fragments (warp (wm, wn), lane g = lane/4, q = lane%4; see the tile map), through the
 * kStages-deep rings As and Bs. kAligned: both operands 16-byte aligned with even ld (vec_a
 * and vec_b), so interior tiles never take the 8-byte path. kb < ke. */
template <typename Shape, bool kTransA, bool kTransB, bool kAligned>
__device__ __forceinline__ void dmma_main_loop(double (&acc)[Shape::WM / 8][Shape::WN / 8][2],
                                               double *As, double *Bs,
                                               const double *__restrict__ A, int64_t lda,
                                               const double *__restrict__ B, int64_t ldb,
                                               int64_t m, int64_t n, int64_t m0, int64_t n0,
                                               int64_t kb, int64_t ke, bool vec_a, bool vec_b,
                                               int wm, int wn, int g, int q) {
    constexpr int BM = Shape::BM, BN = Shape::BN, WM = Shape::WM, WN = Shape::WN;
    constexpr int kStages = Shape::kStages, THREADS = Shape::kThreads;
    using TA = OperandTile<BM, kTransA>;
    using TB = OperandTile<BN, !kTransB>;
    constexpr int MT = WM / 8, NT = WN / 8;
    const int64_t tiles = ceil_div(ke - kb, BK);
    const bool full_a = m0 + BM <= m, full_b = n0 + BN <= n;
    /* Tile 0 holds the first `first` (1..BK) k of the range, tile t >= 1 the BK from
     * kb + first + (t - 1) BK: only tile 0 can be partial, and it is copied before the loop. */
    const int64_t first = (ke - kb) - (tiles - 1) * BK;
    auto tile_k0 = [&](int64_t tile) { return tile == 0 ? kb : kb + first + (tile - 1) * BK; };
    /* any tile: interior or edge copies, per operand */
    auto load_stage = [&](int64_t tile, int stage) {
        const int64_t k0 = tile_k0(tile);
        const bool full_k = tile > 0 || first == BK;
        double *as = As + stage * TA::kElems, *bs = Bs + stage * TB::kElems;
        if (full_a && full_k && (kAligned || vec_a))
            TA::template load_interior<THREADS, true>(as, A, lda, m0, k0);
        else if (!kAligned && full_a && full_k)
            TA::template load_interior<THREADS, false>(as, A, lda, m0, k0);
        else
            TA::template load<THREADS>(as, A, lda, m0, k0, m, k0 + (tile > 0 ? BK : first),
                                       vec_a);
        if (full_b && full_k && (kAligned || vec_b))
            TB::template load_interior<THREADS, true>(bs, B, ldb, n0, k0);
        else if (!kAligned && full_b && full_k)
            TB::template load_interior<THREADS, false>(bs, B, ldb, n0, k0);
        else
            TB::template load<THREADS>(bs, B, ldb, n0, k0, n, k0 + (tile > 0 ? BK : first),
                                       vec_b);
    };
    /* The tile loop, instantiated twice. With interior_only (both operands aligned and this
     * block's tiles whole in m and n) the loop's copies are all unpredicated 16-byte ones
     * and none of the edge arithmetic stays live: at the 2-block register cap the compiler
     * then leaves the fragment registers alone (bench/gemm-log.md section 12). */
    auto tile_loop = [&](auto interior_only) {
#pragma unroll
        for (int s = 0; s < kStages - 1; ++s) {
            if (s < tiles) load_stage(s, s);
            cp_async_commit();
        }
        int read_stage = 0, write_stage = kStages - 1; /* t, t + kStages - 1 mod kStages */
        for (int64_t t = 0; t < tiles; ++t) {
            cp_async_wait<kStages - 2>(); /* tile t has landed (for this thread) */
            __syncthreads();              /* ... for all; and tile t-1's stage is free */
            const int copy_stage = write_stage;
            const double *as = As + read_stage * TA::kElems;
            const double *bs = Bs + read_stage * TB::kElems;
            read_stage = read_stage + 1 == kStages ? 0 : read_stage + 1;
            write_stage = write_stage + 1 == kStages ? 0 : write_stage + 1;
            /* k steps of kMmaK; fragment h of a step is the k slice [ks + 4h, ks + 4h + 4) */
            constexpr int H = Shape::kMmaK / 4;
#pragma unroll
            for (int ks = 0; ks < BK; ks += Shape::kMmaK) {
                if (ks == Shape::kCopyStep * Shape::kMmaK) { /* tile t + kStages - 1 */
                    const int64_t tile = t + kStages - 1;
                    if (tile < tiles) {
                        if constexpr (decltype(interior_only)::value) {
                            const int64_t k0 = tile_k0(tile);
                            TA::template load_interior<THREADS, true>(
                                As + copy_stage * TA::kElems, A, lda, m0, k0);
                            TB::template load_interior<THREADS, true>(
                                Bs + copy_stage * TB::kElems, B, ldb, n0, k0);
                        } else {
                            load_stage(tile, copy_stage);
                        }
                    }
                    cp_async_commit();
                }
                double a[H][MT], b[H][NT];
#pragma unroll
                for (int h = 0; h < H; ++h) {
#pragma unroll
                    for (int i = 0; i < MT; ++i)
                        a[h][i] = as[TA::index(wm * WM + i * 8 + g, ks + 4 * h + q)];
#pragma unroll
                    for (int j = 0; j < NT; ++j)
                        b[h][j] = bs[TB::index(wn * WN + j * 8 + g, ks + 4 * h + q)];
                }
#pragma unroll
                for (int i = 0; i < MT; i += 2)
#pragma unroll
                    for (int j = 0; j < NT; ++j) {
                        if constexpr (H == 2)
                            dmma_m16n8k8(acc[i][j], acc[i + 1][j], a[0][i], a[0][i + 1],
                                         a[1][i], a[1][i + 1], b[0][j], b[1][j]);
                        else
                            dmma_m16n8k4(acc[i][j], acc[i + 1][j], a[0][i], a[0][i + 1],
                                         b[0][j]);
                    }
            }
        }
    };
    if constexpr (kAligned) {
        if (full_a && full_b) {
            tile_loop(std::true_type{});
        } else {
            tile_loop(std::false_type{});
        }
    } else {
        tile_loop(std::false_type{});
    }
}

/* C = alpha op(A) op(B) + beta C for one BM x BN output tile (blockIdx.x, in tile_coords order)
 * over the k range blockIdx.y (split_depth deep), of batch entry blockIdx.z (kBatch: the
 * operands then come from batch; the host's vec_a, vec_b hold for every entry's ld and stride
 * and are completed here by the entry's own pointers). kAligned: see dmma_main_loop (a separate
 * instance: the 8-byte path's code slowed the aligned loop). */
template <typename Shape, bool kTransA, bool kTransB, bool kAligned, GemmBatchMode kBatch>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    dgemm_kernel(int64_t m, int64_t n, int64_t k, int64_t split_depth, Scalar<double> alpha_s,
                 const double *__restrict__ A, int64_t lda, const double *__restrict__ B,
                 int64_t ldb, Scalar<double> beta_s, double *__restrict__ C, int64_t ldc,
                 double *__restrict__ partial, bool vec_a, bool vec_b, GemmBatch<double> batch) {
    constexpr int BM = Shape::BM, BN = Shape::BN, WM = Shape::WM, WN = Shape::WN;
    constexpr int kStages = Shape::kStages;
    using TA = OperandTile<BM, kTransA>;
    constexpr int MT = WM / 8, NT = WN / 8;
    if constexpr (kBatch != GemmBatchMode::kNone) {
        /* alpha == 0 or k == 0: A and B are never read, nor their arrays (then maybe NULL) */
        if (k > 0 && scalar_value<double>(alpha_s) != double(0)) {
            A = batch_operand<kBatch>(batch.a_array, A, batch.stride_a);
            B = batch_operand<kBatch>(batch.b_array, B, batch.stride_b);
        }
        C = batch_operand<kBatch>(batch.c_array, C, batch.stride_c);
    }
    if constexpr (kBatch == GemmBatchMode::kArrays) {
        vec_a = vec_a && aligned16_device(A);
        vec_b = vec_b && aligned16_device(B);
    }
    extern __shared__ __align__(16) double smem[];
    double *As = smem, *Bs = smem + kStages * TA::kElems;
    allow_dependent_launch(); /* the split-K reduce waits for this grid's completion */
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int g = lane / 4, q = lane % 4;
    const int wm = warp % (BM / WM), wn = warp / (BM / WM);
    int64_t tm, tn;
    tile_coords(blockIdx.x, ceil_div(m, BM), ceil_div(n, BN), tm, tn);
    /* with kMove, edge tiles moved back over their neighbours (tile_origin: an even move keeps
     * the 16-byte pieces aligned) */
    constexpr bool kMove = Shape::kMoveEdgeTiles;
    const int64_t m0 = kMove ? tile_origin(tm * BM, BM, m, 2) : tm * BM;
    const int64_t n0 = kMove ? tile_origin(tn * BN, BN, n, 2) : tn * BN;
    const int64_t kb = (int64_t)blockIdx.y * split_depth, ke = min(k, kb + split_depth);
    const double alpha = scalar_value<double>(alpha_s);

    double acc[MT][NT][2] = {};
    if (alpha != 0.0 && kb < ke) /* alpha == 0 (or k == 0): A and B are never read */
        dmma_main_loop<Shape, kTransA, kTransB, kAligned>(acc, As, Bs, A, lda, B, ldb, m, n, m0,
                                                          n0, kb, ke, vec_a, vec_b, wm, wn, g, q);

    /* Epilogue: acc[i][j][r] is C[m0 + wm*WM + i*8 + g, n0 + wn*WN + j*8 + 2q + r], written
     * from the block's own tile (m_own, n_own) on. The tile coordinates are recomputed here:
     * kept live across the k loop, or derived from m0, they cost 8192 x 33 x 8192 10%
     * (bench/gemm-log.md section 15). */
    if (kMove) tile_coords(blockIdx.x, ceil_div(m, BM), ceil_div(n, BN), tm, tn);
    const int64_t m_own = tm * BM, n_own = tn * BN;
    const bool split = gridDim.y > 1;
    if (split && alpha == 0.0) return; /* the reduce kernel never reads the partials then */
    double *P = partial + (int64_t)blockIdx.y * m * n;
    const double beta = scalar_value<double>(beta_s);
#pragma unroll
    for (int i = 0; i < MT; ++i) {
        const int64_t row = m0 + wm * WM + i * 8 + g;
        if ((kMove && row < m_own) || row >= m) continue;
#pragma unroll
        for (int j = 0; j < NT; ++j)
#pragma unroll
            for (int r = 0; r < 2; ++r) {
                const int64_t col = n0 + wn * WN + j * 8 + 2 * q + r;
                if ((kMove && col < n_own) || col >= n) continue;
                if (split) {
                    P[row + col * m] = acc[i][j][r];
                } else {
                    double *c = C + row + col * ldc;
                    *c = scale_output(alpha, acc[i][j][r], beta, beta != 0.0 ? *c : 0.0);
                }
            }
    }
}

} // namespace
