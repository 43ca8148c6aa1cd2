/* sgemm.cu: C = alpha op(A) op(B) + beta C in FP32 on the FFMA pipes (no TF32), column-major.
 *
 * Tile map of sgemm_kernel<Shape> (8 x 8 outputs per thread):
 *   The block computes a BM x BN tile of C. Warps form a (BM/WM) x (BN/WN) grid, each owning a
 *   WM x WN warp tile, 64 x 32 (lane = lm + 8 ln, lm 0..7, ln 0..3) or 32 x 64 (lane = lm + 4 ln,
 *   lm 0..3, ln 0..7). A thread's rows are wm*WM + {0, WM/2} + lm*4 + {0..3} and its columns
 *   wn*WN + {0, WN/2} + ln*4 + {0..3}: four 4 x 4 blocks, read from shared memory as float4s
 *   (per warp WM/8 distinct float4 of A and WN/8 of B per k: one wavefront each, no bank
 *   conflicts).
 *   Shared memory: kBuffers buffers of As[BK][BM + 4] (op(A) k-major) and as many of
 *   Bs[BK][BN + 4]. Tiles are staged through registers, one barrier per tile:
 *   - two buffers (the 128x64 and 64x64 configs): tile t + 1 is loaded while tile t is
 *     computed and stored to the other buffer, A after the first half of k, B at the end;
 *   - three buffers (the 128x128 configs): tile t + 2 is staged while tile t is computed, so
 *     tile t + 1's first fragments are read before the barrier that ends tile t, and every k
 *     step's fragments are read during the step before (two sets of fragment registers). The
 *     staged tile moves in kParts parts per operand, each in flight for 8 k steps, so that one
 *     part's registers are live at a time (bench/gemm-log.md section 20).
 *   Loads: "MN-contiguous" operands (A with N, B with T) are read as float4s along m (n) and
 *   stored as float4s; "K-contiguous" ones (A with T, B with N) as float4s along k, stored
 *   transposed as 4 scalars. A lane pair reads 8 consecutive k of one column: 32 bytes, a whole
 *   sector; its two stores (rows kk, kk + 4) land 16 banks apart thanks to the 4-float row pad,
 *   so a warp (16 columns x 2) stores without conflicts. Where the pairs do not cover a tile's
 *   columns (E > THREADS / 2), consecutive slots take the next columns at the same k.
 * Each operand's interior tiles, when it is 16-byte aligned, take unguarded float4 loads from
 * one pointer (slot l at a fixed offset from slot 0); its edge tiles, and all of an unaligned
 * operand's, take guarded scalar ones (zero fill). In the three-buffer configs, blocks whose
 * every tile is interior in both operands run a copy of the tile loop without those branches.
 * Configs (chosen in launch_sgemm): 128x128x16 with 256 threads (128x128x32 for
 * op(A) = A^T with k >= 256); 128x64x16 with 128 threads and 64x64x16 with 64 threads when
 * 128x128 tiles would leave SMs idle; 32x128x16 and 128x32x16 with 64 threads for outputs of at
 * most 32 rows or columns. The last four split along k (grid.y) so that one wave fills each SM
 * with kMinBlocks blocks. A tile's 2 to 8 splits form a thread-block cluster where one wave of such
 * clusters holds every tile (more splits are capped at 8 where that costs little): each block
 * leaves its sums in shared memory and the cluster adds them (cluster_splitk_reduce); otherwise
 * the splits' partials go through global memory to gemm_splitk_reduce_kernel. Both add the
 * splits in the same order, so the path does not change a bit of the result (SgemmKernels::
 * cluster_depth chooses). */
#include "gemm_common.cuh"

#include <climits>
#include <type_traits>
#include <utility>

namespace {

/* kBuffers: 2 (tile t + 1 staged into the other buffer during tile t) or 3 (tile t + 2 staged
 * during tile t, so tile t + 1's first fragments are read before the barrier that ends tile t).
 * Staged tiles move through registers in kParts parts per operand, one part in flight during
 * each kPhaseK k steps of the tile (A's parts first, then B's). */
template <int BM_, int BN_, int BK_, int kBuffers_, int WM_ = 64> struct SgemmShape {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, kBuffers = kBuffers_;
    /* warp tile WM x WN, 8 x 8 outputs per lane: 64 x 32 (lanes 8 x 4) or 32 x 64 (4 x 8) */
    static constexpr int WM = WM_, WN = 32 * 64 / WM_;
    static constexpr int kWarpsM = BM / WM, kWarpsN = BN / WN;
    static constexpr int kThreads = kWarpsM * kWarpsN * 32;
    /* Blocks resident per SM, guaranteed by __launch_bounds__ (registers capped at 128 for
     * 256 and 128 threads, 170 for 64; shared memory allows more): split-K fills exactly this
     * many blocks per SM (one wave). */
    static constexpr int kMinBlocks = kThreads >= 256 ? 2 : kThreads >= 128 ? 4 : 6;
    static constexpr int kPhaseK = 8, kParts = BK / (2 * kPhaseK); /* parts per operand */
    static constexpr size_t kSmemBytes = (size_t)kBuffers * BK * (BM + 4 + BN + 4) * sizeof(float);
    static constexpr size_t kDynamicSmemBytes = kBuffers == 3 ? kSmemBytes : 0;
    /* split-K in a cluster (two-buffer configs): the buffers, then the block's BM x BN sums */
    static constexpr size_t kClusterSmemFloats =
        kSmemBytes / sizeof(float) > BM * BN ? kSmemBytes / sizeof(float) : BM * BN;
    static_assert(WM == 64 || WM == 32, "warp tiles of 64 x 32 or 32 x 64");
    static_assert(BM % WM == 0 && BN % WN == 0, "the block tile is whole warp tiles");
    static_assert((BM * BK) % (4 * kThreads) == 0 && (BN * BK) % (4 * kThreads) == 0,
                  "each thread loads whole float4s of both tiles");
    static_assert(BK % 4 == 0, "K-contiguous tiles are loaded as float4s along k");
    static_assert(kBuffers == 2 || kBuffers == 3, "two or three shared buffers");
    static_assert(kParts >= 1 && BK == 2 * kParts * kPhaseK, "a tile is whole parts of A and B");
    static_assert(kBuffers == 3 || kParts == 1, "the two-buffer loop stages whole tiles");
    static_assert(kMinBlocks * (kClusterSmemFloats * sizeof(float) + 1024) <= 228 * 1024,
                  "kMinBlocks blocks fit an SM's shared memory (sm_90: 228 KB, 1 KB per block "
                  "reserved)");
};

/* One operand's tile: E (BM or BN) x BK elements of op(X), X column-major with leading
 * dimension ld. Element (e, kk) is X[(e0 + e) + (k0 + kk) ld] when MN-contiguous and
 * X[(k0 + kk) + (e0 + e) ld] when K-contiguous. Stored to shared memory as S[kk][e]. */
template <int E, int BK, int THREADS, bool KContig> struct TileLoader {
    static constexpr int kLoads = E * BK / (4 * THREADS);
    /* K-contiguous: kLanes adjacent lanes read adjacent float4s of one column (a lane pair: a
     * whole 32-byte sector; single float4s read half sectors: 32 x 8192 x 8192 NN 164 -> 145
     * us with pairs, bench/gemm-log.md section 27) */
    static constexpr int kLanes = KContig && BK % 8 == 0 ? 2 : 1;
    static constexpr int kRow = E + 4; /* shared row stride in floats */
    /* Slot l is the element (e + slot_e(l), kk + slot_k(l)) of the tile, (e, kk) slot 0's. A
     * slot covers kColumns columns (e); where that is fewer than E (K-contiguous, E > THREADS /
     * kLanes), kGroup consecutive slots cover the E columns at the same k. */
    static constexpr int kColumns = KContig ? THREADS / kLanes : E;
    static constexpr int kGroup = E > kColumns ? E / kColumns : 1;
    static constexpr int kSlotK = kGroup == 1 ? 4 * THREADS / E : 4 * kLanes;
    static_assert(KContig ? kColumns % E == 0 || E % kColumns == 0 : THREADS % (E / 4) == 0,
                  "slots cover whole columns (e) of the tile");
    static constexpr __host__ __device__ int slot_e(int l) { return (l % kGroup) * kColumns; }
    static constexpr __host__ __device__ int slot_k(int l) { return (l / kGroup) * kSlotK; }
    static_assert(kRow % 4 == 0 && (4 * kRow) % 32 == 16,
                  "rows stay float4-aligned and rows kk, kk + 4 start 16 banks apart");
    float4 reg[kLoads];
    int e, kk;   /* slot 0's element of the tile */
    int64_t off; /* X offset of slot 0's element in the current tile */

    /* float4 number f of the tile -> its first element (e, kk) */
    static __device__ __forceinline__ void coords(int f, int &fe, int &fk) {
        if (KContig) {
            const int r = f / kLanes;
            fe = r % E;
            fk = (r / E) * 4 * kLanes + (f % kLanes) * 4;
        } else {
            fe = (f % (E / 4)) * 4;
            fk = f / (E / 4);
        }
    }
    static __device__ __forceinline__ int64_t offset(int64_t ge, int64_t gk, int64_t ld) {
        return KContig ? gk + ge * ld : ge + gk * ld;
    }
    /* at the tile whose first element is X[offset(e0, k0)] */
    __device__ __forceinline__ TileLoader(int64_t e0, int64_t k0, int64_t ld) {
        coords(threadIdx.x, e, kk);
        off = offset(e0 + e, k0 + kk, ld);
    }
    __device__ __forceinline__ void next_tile(int64_t ld) { off += offset(0, BK, ld); }
    /* Slots [L0, L1) of the tile (a part; the whole tile by default).
     * interior (the whole tile in range, X 16-byte aligned, ld % 4 == 0): float4 loads. */
    template <int L0 = 0, int L1 = kLoads>
    __device__ __forceinline__ void load_interior(const float *__restrict__ X, int64_t ld) {
        const float *p = X + off;
#pragma unroll
        for (int l = L0; l < L1; ++l)
            reg[l] = *reinterpret_cast<const float4 *>(p + offset(slot_e(l), slot_k(l), ld));
    }
    /* guarded: scalar loads; elements at tile e >= e_in or tile k >= k_in are not read and
     * become zeros. */
    template <int L0 = 0, int L1 = kLoads>
    __device__ __forceinline__ void load_guarded(const float *__restrict__ X, int64_t ld,
                                                 int e_in, int k_in) {
        const float *p = X + off;
        const int e_room = e_in - e, k_room = k_in - kk; /* in range: de < e_room, dk < k_room */
#pragma unroll
        for (int l = L0; l < L1; ++l) {
            float v[4];
#pragma unroll
            for (int c = 0; c < 4; ++c) {
                const int de = slot_e(l) + (KContig ? 0 : c), dk = slot_k(l) + (KContig ? c : 0);
                v[c] = (de < e_room && dk < k_room) ? p[offset(de, dk, ld)] : 0.0f;
            }
            reg[l] = make_float4(v[0], v[1], v[2], v[3]);
        }
    }
    template <int L0 = 0, int L1 = kLoads> __device__ __forceinline__ void store(float *S) const {
#pragma unroll
        for (int l = L0; l < L1; ++l) {
            float *s = S + (kk + slot_k(l)) * kRow + e + slot_e(l);
            if (KContig) {
                s[0 * kRow] = reg[l].x;
                s[1 * kRow] = reg[l].y;
                s[2 * kRow] = reg[l].z;
                s[3 * kRow] = reg[l].w;
            } else {
                *reinterpret_cast<float4 *>(s) = reg[l];
            }
        }
    }
};

/* f(integral_constant<int, i>) for i = 0, ..., N - 1 */
template <typename F, int... I>
__device__ __forceinline__ void static_for_each(F &&f, std::integer_sequence<int, I...>) {
    (f(std::integral_constant<int, I>{}), ...);
}
template <int N, typename F> __device__ __forceinline__ void static_for(F &&f) {
    static_for_each(f, std::make_integer_sequence<int, N>{});
}

template <typename Shape, bool kTransA, bool kTransB, bool kClusterSplit>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    sgemm_kernel(int64_t m, int64_t n, int64_t k, int64_t split_depth, gblas_cuda_sscalar alpha_s,
                 const float *__restrict__ A, int64_t lda, const float *__restrict__ B,
                 int64_t ldb, gblas_cuda_sscalar beta_s, float *__restrict__ C, int64_t ldc,
                 float *__restrict__ partial, bool vec_a, bool vec_b, bool vec_c) {
    constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK;
    constexpr int THREADS = Shape::kThreads, kBuffers = Shape::kBuffers;
    constexpr int kParts = Shape::kParts, kPhaseK = Shape::kPhaseK;
    using LoaderA = TileLoader<BM, BK, THREADS, kTransA>;
    using LoaderB = TileLoader<BN, BK, THREADS, !kTransB>;
    constexpr int kRowA = LoaderA::kRow, kRowB = LoaderB::kRow;
    constexpr int kPartA = LoaderA::kLoads / kParts, kPartB = LoaderB::kLoads / kParts;
    static_assert(LoaderA::kLoads % kParts == 0 && LoaderB::kLoads % kParts == 0,
                  "each part is whole slots of both tiles");
    /* kBuffers buffers As[BK * kRowA], and as many Bs: static in the two-buffer configs,
     * dynamic (over 48 KB, opted in at backend init) in the three-buffer ones */
    float(*As)[BK * kRowA], (*Bs)[BK * kRowB];
    float *smem; /* in cluster instances also the block's BM x BN sums after the loop */
    if constexpr (kBuffers == 2 && !kClusterSplit) {
        __shared__ __align__(16) float as[2][BK * kRowA], bs[2][BK * kRowB];
        As = as;
        Bs = bs;
        smem = nullptr;
    } else {
        if constexpr (kBuffers == 2) {
            __shared__ __align__(16) float smem_static[Shape::kClusterSmemFloats];
            smem = smem_static;
        } else {
            extern __shared__ __align__(16) float smem_dynamic[];
            smem = smem_dynamic;
        }
        As = reinterpret_cast<float(*)[BK * kRowA]>(smem);
        Bs = reinterpret_cast<float(*)[BK * kRowB]>(smem + kBuffers * BK * kRowA);
    }
    allow_dependent_launch(); /* the split-K reduce waits for this grid's completion */
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    /* a lane's rows am + {0, kHalfM} + {0..3}, columns bn + {0, kHalfN} + {0..3} */
    constexpr int WM = Shape::WM, WN = Shape::WN, kHalfM = WM / 2, kHalfN = WN / 2;
    const int wm = warp % (BM / WM), wn = warp / (BM / WM);
    const int am = wm * WM + (lane % (WM / 8)) * 4, bn = wn * WN + (lane / (WM / 8)) * 4;
    int64_t tm, tn;
    tile_coords(blockIdx.x, ceil_div(m, BM), ceil_div(n, BN), tm, tn);
    const int64_t m0 = tm * BM, n0 = tn * BN;
    const int64_t kb = (int64_t)blockIdx.y * split_depth, ke = min(k, kb + split_depth);
    const float alpha = scalar_value<float>(alpha_s);

    float acc[8][8] = {};
    if (alpha != 0.0f && kb < ke) { /* alpha == 0 (or k == 0): A and B are never read */
        LoaderA la(m0, kb, lda);
        LoaderB lb(n0, kb, ldb);
        /* per operand, interior: its whole tile in range and the operand 16-byte aligned (a
         * skinny m or n leaves only the other operand's tiles guarded) */
        const bool interior_a = vec_a && m0 + BM <= m, interior_b = vec_b && n0 + BN <= n;
        const int64_t tiles = ceil_div(ke - kb, BK);
        const int m_in = (int)min(m - m0, (int64_t)BM), n_in = (int)min(n - n0, (int64_t)BN);
        /* slots [L0, L1) of the tile at k0 */
        auto load_a = [&](int64_t k0, auto l0, auto l1) {
            constexpr int L0 = decltype(l0)::value, L1 = decltype(l1)::value;
            if (interior_a && k0 + BK <= ke) la.template load_interior<L0, L1>(A, lda);
            else la.template load_guarded<L0, L1>(A, lda, m_in, (int)min(ke - k0, (int64_t)BK));
        };
        auto load_b = [&](int64_t k0, auto l0, auto l1) {
            constexpr int L0 = decltype(l0)::value, L1 = decltype(l1)::value;
            if (interior_b && k0 + BK <= ke) lb.template load_interior<L0, L1>(B, ldb);
            else lb.template load_guarded<L0, L1>(B, ldb, n_in, (int)min(ke - k0, (int64_t)BK));
        };
        using Whole0 = std::integral_constant<int, 0>;
        using WholeA = std::integral_constant<int, LoaderA::kLoads>;
        using WholeB = std::integral_constant<int, LoaderB::kLoads>;
        if constexpr (kBuffers == 2) {
            /* acc += the k rows [k_begin, k_begin + BK/2) of shared buffer cur */
            auto multiply_half = [&](int cur, int k_begin) {
#pragma unroll
                for (int kk = k_begin; kk < k_begin + BK / 2; ++kk) {
                    const float *as = &As[cur][kk * kRowA + am], *bs = &Bs[cur][kk * kRowB + bn];
                    const float4 a0 = *reinterpret_cast<const float4 *>(as);
                    const float4 a1 = *reinterpret_cast<const float4 *>(as + kHalfM);
                    const float4 b0 = *reinterpret_cast<const float4 *>(bs);
                    const float4 b1 = *reinterpret_cast<const float4 *>(bs + kHalfN);
                    const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
                    const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
                    for (int i = 0; i < 8; ++i)
#pragma unroll
                        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
                }
            };
            load_a(kb, Whole0{}, WholeA{});
            load_b(kb, Whole0{}, WholeB{});
            la.store(As[0]);
            lb.store(Bs[0]);
            __syncthreads();
            /* Buffer cur ^ 1 was last read in tile t - 1 (before the previous barrier), so tile
             * t + 1 is stored into it during tile t: A after the first half of k, B at the end;
             * only one operand's staging registers are live at a time. */
            for (int64_t t = 0; t < tiles; ++t) {
                const int cur = (int)(t & 1);
                const bool next = t + 1 < tiles;
                const int64_t k_next = kb + (t + 1) * BK;
                if (next) {
                    la.next_tile(lda);
                    load_a(k_next, Whole0{}, WholeA{});
                }
                multiply_half(cur, 0);
                if (next) {
                    la.store(As[cur ^ 1]);
                    lb.next_tile(ldb);
                    load_b(k_next, Whole0{}, WholeB{});
                }
                multiply_half(cur, BK / 2);
                if (next) lb.store(Bs[cur ^ 1]);
                __syncthreads();
            }
        } else {
            /* Three buffers: tile t (buffer c) is computed while tile t + 2 is staged into
             * buffer c2, the one tile t - 1 used (all its reads came before the barrier that
             * ended tile t - 1). Tile t + 1 (buffer c1, stored during tile t - 1) is visible
             * since that barrier too, so its first fragments are read during tile t's last k
             * step. Fragments are double-buffered: step kk + 1's are read during step kk. */
            float4 fa[2][2], fb[2][2]; /* [step parity][rows +0 / +kHalfM, columns +0 / +kHalfN] */
            auto read_fragments = [&](int buf, int kk, int parity) {
                const float *as = &As[buf][kk * kRowA + am], *bs = &Bs[buf][kk * kRowB + bn];
                fa[parity][0] = *reinterpret_cast<const float4 *>(as);
                fa[parity][1] = *reinterpret_cast<const float4 *>(as + kHalfM);
                fb[parity][0] = *reinterpret_cast<const float4 *>(bs);
                fb[parity][1] = *reinterpret_cast<const float4 *>(bs + kHalfN);
            };
            auto multiply_step = [&](int parity) {
                const float a[8] = {fa[parity][0].x, fa[parity][0].y, fa[parity][0].z,
                                    fa[parity][0].w, fa[parity][1].x, fa[parity][1].y,
                                    fa[parity][1].z, fa[parity][1].w};
                const float b[8] = {fb[parity][0].x, fb[parity][0].y, fb[parity][0].z,
                                    fb[parity][0].w, fb[parity][1].x, fb[parity][1].y,
                                    fb[parity][1].z, fb[parity][1].w};
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            };
            /* Part q of a staged tile (A's parts 0..kParts-1, then B's): loaded into the
             * loader's registers at the first of phase q's kPhaseK k steps, stored after its
             * last, so that one part's registers are live at a time. */
            auto load_part = [&](auto &load_a_slots, auto &load_b_slots, int64_t k2, auto q) {
                constexpr int Q = decltype(q)::value;
                if constexpr (Q < kParts) {
                    if (Q == 0) la.next_tile(lda);
                    load_a_slots(k2, std::integral_constant<int, Q * kPartA>{},
                                 std::integral_constant<int, (Q + 1) * kPartA>{});
                } else {
                    if (Q == kParts) lb.next_tile(ldb);
                    load_b_slots(k2, std::integral_constant<int, (Q - kParts) * kPartB>{},
                                 std::integral_constant<int, (Q - kParts + 1) * kPartB>{});
                }
            };
            auto store_part = [&](int c2, auto q) {
                constexpr int Q = decltype(q)::value;
                if constexpr (Q < kParts)
                    la.template store<Q * kPartA, (Q + 1) * kPartA>(As[c2]);
                else
                    lb.template store<(Q - kParts) * kPartB, (Q - kParts + 1) * kPartB>(Bs[c2]);
            };
            /* The tiles from buffer 0 on, read through load_a_slots / load_b_slots(k0, l0, l1)
             * (slots [l0, l1) of the operand's tile at k0). Tile t (buffer c): with kStage, tile
             * t + 2 (at k2) is staged into buffer c2; with next, tile t + 1's first fragments
             * are read from buffer c1. */
            auto run = [&](auto load_a_slots, auto load_b_slots) {
                auto tile = [&](int c, int c1, int c2, int64_t k2, auto stage, bool next) {
                    constexpr bool kStage = decltype(stage)::value;
#pragma unroll
                    for (int kk = 0; kk < BK; ++kk) {
                        if (kStage && kk % kPhaseK == 0)
                            static_for<2 * kParts>([&](auto q) {
                                if (decltype(q)::value == kk / kPhaseK)
                                    load_part(load_a_slots, load_b_slots, k2, q);
                            });
                        if (kk + 1 < BK) read_fragments(c, kk + 1, (kk + 1) & 1);
                        else if (next) read_fragments(c1, 0, 0);
                        multiply_step(kk & 1);
                        if (kStage && kk % kPhaseK == kPhaseK - 1)
                            static_for<2 * kParts>([&](auto q) {
                                if (decltype(q)::value == kk / kPhaseK) store_part(c2, q);
                            });
                    }
                    __syncthreads();
                };
                load_a_slots(kb, Whole0{}, WholeA{});
                load_b_slots(kb, Whole0{}, WholeB{});
                la.store(As[0]);
                lb.store(Bs[0]);
                if (tiles > 1) {
                    la.next_tile(lda);
                    lb.next_tile(ldb);
                    load_a_slots(kb + BK, Whole0{}, WholeA{});
                    load_b_slots(kb + BK, Whole0{}, WholeB{});
                    la.store(As[1]);
                    lb.store(Bs[1]);
                }
                __syncthreads();
                read_fragments(0, 0, 0);
                int c = 0;
                int64_t t = 0;
                for (; t + 2 < tiles; ++t) {
                    const int c1 = c == 2 ? 0 : c + 1, c2 = c1 == 2 ? 0 : c1 + 1;
                    tile(c, c1, c2, kb + (t + 2) * BK, std::true_type{}, true);
                    c = c1;
                }
                for (; t < tiles; ++t) { /* the last two tiles stage nothing */
                    tile(c, c == 2 ? 0 : c + 1, 0, 0, std::false_type{}, t + 1 < tiles);
                    c = c == 2 ? 0 : c + 1;
                }
            };
            /* blocks whose every tile is interior in both operands run a loop without
             * branches */
            if (interior_a && interior_b && (ke - kb) % BK == 0)
                run(
                    [&](int64_t, auto l0, auto l1) {
                        la.template load_interior<decltype(l0)::value, decltype(l1)::value>(A,
                                                                                            lda);
                    },
                    [&](int64_t, auto l0, auto l1) {
                        lb.template load_interior<decltype(l0)::value, decltype(l1)::value>(B,
                                                                                            ldb);
                    });
            else
                run(load_a, load_b);
        }
    }

    /* Epilogue: thread element (i, j) is
     * C[m0 + am + (i/4) kHalfM + i%4, n0 + bn + (j/4) kHalfN + j%4]. */
    if constexpr (kClusterSplit) { /* the tile's splits form a cluster: raw sums to smem */
        __syncthreads(); /* every warp is done with the buffers */
        if (alpha != 0.0f)
#pragma unroll
            for (int j = 0; j < 8; ++j)
#pragma unroll
                for (int h = 0; h < 2; ++h)
                    *reinterpret_cast<float4 *>(smem + am + h * kHalfM +
                                                (bn + (j / 4) * kHalfN + j % 4) * BM) =
                        make_float4(acc[h * 4 + 0][j], acc[h * 4 + 1][j], acc[h * 4 + 2][j],
                                    acc[h * 4 + 3][j]);
        cluster_splitk_reduce<float, BM, BN, THREADS>(smem, m0, n0, m, n, alpha,
                                                      scalar_value<float>(beta_s), C, ldc, vec_c);
        return;
    }
    if (gridDim.y > 1) { /* split-K through global memory: raw sums to partial[split][m x n] */
        if (alpha == 0.0f) return;
        float *P = partial + (int64_t)blockIdx.y * m * n;
#pragma unroll
        for (int j = 0; j < 8; ++j)
#pragma unroll
            for (int i = 0; i < 8; ++i) {
                const int64_t r = m0 + am + (i / 4) * kHalfM + i % 4;
                const int64_t c = n0 + bn + (j / 4) * kHalfN + j % 4;
                if (r < m && c < n) P[r + c * m] = acc[i][j];
            }
        return;
    }
    const float beta = scalar_value<float>(beta_s);
    const bool vec_store = vec_c && m0 + BM <= m && n0 + BN <= n;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        const int64_t c = n0 + bn + (j / 4) * kHalfN + j % 4;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int64_t r = m0 + am + h * kHalfM;
            float *p = C + r + c * ldc;
            if (vec_store) {
                float4 old = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
                if (beta != 0.0f) old = *reinterpret_cast<const float4 *>(p);
                const float4 v = make_float4(scale_output(alpha, acc[h * 4 + 0][j], beta, old.x),
                                             scale_output(alpha, acc[h * 4 + 1][j], beta, old.y),
                                             scale_output(alpha, acc[h * 4 + 2][j], beta, old.z),
                                             scale_output(alpha, acc[h * 4 + 3][j], beta, old.w));
                *reinterpret_cast<float4 *>(p) = v;
            } else if (c < n) {
#pragma unroll
                for (int i = 0; i < 4; ++i)
                    if (r + i < m)
                        p[i] = scale_output(alpha, acc[h * 4 + i][j], beta,
                                            beta != 0.0f ? p[i] : 0.0f);
            }
        }
    }
}

/* The kernels of one shape (a transpose pair each; with kTransAOnly, only those of op(A) = A^T)
 * and their launch. kClusterSlot >= 0 (two-buffer configs): the shape also has kernels that
 * reduce split-K in thread-block clusters, and env->sgemm_clusters->active[kClusterSlot] says
 * how many such clusters of each size run at once. */
template <typename Shape_, bool kTransAOnly = false, int kClusterSlot = -1> struct SgemmKernels {
    using Shape = Shape_;
    static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK;
    using Fn = void (*)(int64_t, int64_t, int64_t, int64_t, gblas_cuda_sscalar, const float *,
                        int64_t, const float *, int64_t, gblas_cuda_sscalar, float *, int64_t,
                        float *, bool, bool, bool);
    template <bool kCluster = false> static Fn get(bool ta, bool tb) {
        const Fn ta_fn = tb ? sgemm_kernel<Shape, true, true, kCluster>
                            : sgemm_kernel<Shape, true, false, kCluster>;
        if constexpr (kTransAOnly) return ta_fn;
        else
            return ta ? ta_fn
                      : (tb ? sgemm_kernel<Shape, false, true, kCluster>
                            : sgemm_kernel<Shape, false, false, kCluster>);
    }
    static cudaError_t prepare() {
        for (int p = kTransAOnly ? 1 : 0; p < 4; p += kTransAOnly ? 2 : 1) {
            const cudaError_t err =
                cudaFuncSetAttribute(get(p & 1, p & 2), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     (int)Shape::kDynamicSmemBytes);
            if (err != cudaSuccess) return err;
        }
        return cudaSuccess;
    }
    /* active[s], s = 2 .. kClusterSplits: clusters of s blocks that run at once, the least over
     * the four transpose pairs; 0 (split-K through global memory) where the device cannot say */
    static void count_clusters(int *active) {
        static_assert(kClusterSlot >= 0 && Shape::kBuffers == 2, "a shape with cluster kernels");
        for (int s = 2; s <= kClusterSplits; ++s) {
            active[s] = INT_MAX;
            for (int p = 0; p < 4; ++p) {
                cudaLaunchAttribute attr = split_cluster_attribute((unsigned)s);
                cudaLaunchConfig_t cfg = {};
                cfg.gridDim = dim3(1, (unsigned)s);
                cfg.blockDim = dim3(Shape::kThreads);
                cfg.attrs = &attr;
                cfg.numAttrs = 1;
                int n = 0;
                if (cudaOccupancyMaxActiveClusters(&n, get<true>(p & 1, p & 2), &cfg) !=
                    cudaSuccess) {
                    (void)cudaGetLastError();
                    n = 0;
                }
                active[s] = min(active[s], n);
            }
        }
    }
    /* Whether the splits of `depth` (the rule's) reduce in clusters, and their depth:
     * - 2 to kClusterSplits splits whose clusters fit one wave (active[s] >= tiles): as they are;
     * - more splits: kClusterSplits of them, when that makes each block at most kCapDepth deeper
     *   and still gives at least every other SM a block, in clusters where they fit (through
     *   global memory otherwise). The reduce pass this saves costs about as much: 256^3 0.99
     *   -> 1.16x cuBLAS, 384^3 0.86 -> 1.20x, 640^3 0.87 -> 1.03x; 128 x 128 x 1024, 7 tiles
     *   deeper on 32 blocks, ran 0.88 -> 0.64x; 64 x 64 x 65536 keeps its hundreds of splits
     *   through memory.
     * Fewer splits than the rule's, where its clusters do not fit, won at 768^3 and 1000^3 and
     * lost at 896^3 and 8192 x 33 x 8192 (bench/gemm-log.md section 23): not used. */
    static bool cluster_depth(const gblas_cuda_env *env, int64_t k, int64_t tiles,
                              int64_t &depth) {
        constexpr int64_t kCapDepth = 8 * BK;
        const int *active = env->sgemm_clusters->active[kClusterSlot];
        auto fits = [&](int64_t d) {
            const int64_t s = ceil_div(k > 0 ? k : 1, d);
            return s >= 2 && s <= kClusterSplits && tiles <= active[s];
        };
        if (fits(depth)) return true;
        /* the cap does not ask whether the clusters fit, so that the split (and every bit of
         * the result) depends on m, n, k and the SM count only; on the H200 the capped clusters
         * always fit (more than 8 splits leave fewer than a ninth of the resident blocks' tiles) */
        const int64_t capped = ceil_div(ceil_div(k, kClusterSplits), BK) * BK;
        if (capped <= depth || capped - depth > kCapDepth ||
            2 * tiles * kClusterSplits < env->sm_count)
            return false;
        depth = capped;
        return fits(depth);
    }
    static cudaError_t launch(gblas_cuda_env *env, int transa, int transb, int64_t m, int64_t n,
                              int64_t k, gblas_cuda_sscalar alpha, const float *A, int64_t lda,
                              const float *B, int64_t ldb, gblas_cuda_sscalar beta, float *C,
                              int64_t ldc) {
        /* As many k ranges as fit one wave beside the tiles (splits x tiles <= resident
         * blocks), each at least one tile (BK) deep, 64 when the output has 2^18 elements or
         * more (there each split's partials, 1 MB or more written and read, cost more than the
         * shallower ranges gain: bench/gemm-log.md sections 13 and 17). */
        const int64_t tiles = ceil_div(m, BM) * ceil_div(n, BN);
        const int64_t resident = (int64_t)Shape::kMinBlocks * env->sm_count;
        int64_t depth =
            split_k_depth(m, n, k, resident > tiles ? resident / tiles : 1, BK, sizeof(float),
                          m * n >= (1 << 18) ? 64 : BK);
        bool cluster = false;
        if constexpr (kClusterSlot >= 0)
            cluster = cluster_depth(env, k, tiles, depth);
        const int splits = (int)ceil_div(k > 0 ? k : 1, depth);
        const bool vec_a = aligned16(A) && lda % 4 == 0, vec_b = aligned16(B) && ldb % 4 == 0;
        const bool vec_c = aligned16(C) && ldc % 4 == 0;
        const dim3 grid((unsigned)tiles, (unsigned)splits);
        if constexpr (kClusterSlot >= 0)
            if (cluster)
                return launch_split_clusters(env, "sgemm_kernel", get<true>(transa, transb),
                                             grid, dim3(Shape::kThreads), 0, m, n, k, depth,
                                             alpha, A, lda, B, ldb, beta, C, ldc,
                                             (float *)nullptr, vec_a, vec_b, vec_c);
        float *partial = static_cast<float *>(env->scratch);
        get(transa, transb)<<<grid, Shape::kThreads, Shape::kDynamicSmemBytes, env->stream>>>(
            m, n, k, depth, alpha, A, lda, B, ldb, beta, C, ldc, partial, vec_a, vec_b, vec_c);
        const cudaError_t err = launch_check(env, "sgemm_kernel");
        if (err != cudaSuccess || splits == 1) return err;
        return launch_splitk_reduce<float>(env, m, n, splits, partial, alpha, beta, C, ldc);
    }
};

/* The 128 x 128 config in 16-deep tiles, and in 32-deep ones for a K-contiguous A (op(A) =
 * A^T) of depth at least kDeepK: there the wider tile measured 2-3% faster (TN 0.935 -> 0.954x
 * cuBLAS, TT 0.976 -> 0.99-1.0x at 4096), and 3-5% slower for NN and NT (bench/gemm-log.md
 * section 20); 256 keeps the padding of a partial last tile under 16 / 256 of the work. */
using SgemmLarge = SgemmKernels<SgemmShape<128, 128, 16, 3>>;
using SgemmLargeDeep = SgemmKernels<SgemmShape<128, 128, 32, 3>, true>;
constexpr int64_t kDeepK = 256;
using SgemmMid = SgemmKernels<SgemmShape<128, 64, 16, 2>, false, 0>;
using SgemmSmall = SgemmKernels<SgemmShape<64, 64, 16, 2>, false, 1>;
/* Outputs of at most 32 rows (columns) and more columns (rows): 32 x 128 tiles of two 32 x 64
 * warp tiles (128 x 32 of 64 x 32), where the 64 x 64 config computes twice the rows
 * (columns): 32 x 8192 x 8192 ran 244 -> 162 us, 8192 x 32 x 8192 219 -> 123 us (before the
 * lane-pair loads; 145 and 122 us with them). */
using SgemmFewRows = SgemmKernels<SgemmShape<32, 128, 16, 2, 32>>;
using SgemmFewCols = SgemmKernels<SgemmShape<128, 32, 16, 2>>;
static_assert(GBLAS_CUDA_SGEMM_SPLIT_CONFIGS == 2 && GBLAS_CUDA_MAX_SPLIT_CLUSTER == kClusterSplits,
              "cuda_launch.cuh sizes the cluster counts of SgemmMid and SgemmSmall");

} // namespace

/* Rows (columns) at the end of m (n) that a 128 x 128 grid should leave to a second GEMM: a
 * remainder of at most kThinEdge rows whose tile row alone adds a wave at two blocks per SM
 * (4097^3: 33 x 33 tiles take 5 waves, 32 x 33 take 4; the 1 x 4097 x 4097 rest costs about a
 * tenth of a wave). The rest runs on 32-row tiles (a GEMV for one row), so its cost grows with
 * the other extent: a tile row of at most half a wave kept it under about 40% of the wave saved
 * when it ran on 64-row tiles. 0 when there is nothing to gain. */
constexpr int64_t kThinEdge = 32;
static int64_t thin_edge(int64_t extent, int64_t other_tiles, int64_t slots) {
    const int64_t rest = extent % 128, whole_tiles = extent / 128;
    if (rest == 0 || rest > kThinEdge || whole_tiles == 0 || 2 * other_tiles > slots) return 0;
    const bool saves_wave = ceil_div((whole_tiles + 1) * other_tiles, slots) >
                            ceil_div(whole_tiles * other_tiles, slots);
    return saves_wave ? rest : 0;
}

static cudaError_t launch_sgemm(gblas_cuda_env *env, int transa, int transb, int64_t m,
                                int64_t n, int64_t k, gblas_cuda_sscalar alpha, const float *A,
                                int64_t lda, const float *B, int64_t ldb, gblas_cuda_sscalar beta,
                                float *C, int64_t ldc);

/* The GEMM of the first m - rows rows and n - cols columns of C, then the GEMM of the rest
 * (one of rows, cols is 0): op(A)[m - rows:, :] op(B), or op(A) op(B)[:, n - cols:]. The two
 * write disjoint parts of C, one after the other. */
static cudaError_t launch_split_off(gblas_cuda_env *env, int transa, int transb, int64_t m,
                                    int64_t n, int64_t k, gblas_cuda_sscalar alpha,
                                    const float *A, int64_t lda, const float *B, int64_t ldb,
                                    gblas_cuda_sscalar beta, float *C, int64_t ldc, int64_t rows,
                                    int64_t cols) {
    const int64_t mw = m - rows, nw = n - cols;
    const cudaError_t err = launch_sgemm(env, transa, transb, mw, nw, k, alpha, A, lda, B, ldb,
                                         beta, C, ldc);
    if (err != cudaSuccess) return err;
    if (rows)
        return launch_sgemm(env, transa, transb, rows, n, k, alpha, A + (transa ? mw * lda : mw),
                            lda, B, ldb, beta, C + mw, ldc);
    return launch_sgemm(env, transa, transb, m, cols, k, alpha, A, lda,
                        B + (transb ? nw : nw * ldb), ldb, beta, C + nw * ldc, ldc);
}

/* The rows (columns) that the small configs' tiles compute for an extent below 128: one
 * 32-wide tile, or whole 64-wide ones. */
static int64_t small_tiles_extent(int64_t e) { return e <= 32 ? 32 : ceil_div(e, 64) * 64; }

/* Whether the last row of m (column of n) should run as a GEMV after the GEMM of the others:
 * where that shrinks what the tiles compute (m = 33: 64 -> 32 rows, 65: 128 -> 64) and the
 * operand the GEMV reads again (other x k elements: op(B) for a row, op(A) for a column) is
 * large enough for the saved rows to outweigh the GEMV (8192 x 33 x 8192 NN 221 -> 189 us,
 * 33 x 8192 x 8192 TT 305 -> 197 us; bench/gemm-log.md section 27). A strided GEMV x (the row
 * of op(A), the column of op(B)) costs a copy (gemv.cu gather_x) or strided reads, so there the
 * operand must be 4x larger: 33 x 8192 x 8192 NN 227 -> 216 us, 65 x 8192 x 4096 NN 231 -> 160
 * us, but 33 x 4096 x 4096 NN 71 -> 80 us (section 29). */
constexpr int64_t kPeelMinElems = (int64_t)1 << 23, kPeelStridedMinElems = (int64_t)1 << 25;
static bool peel_last(int64_t extent, int64_t other, int64_t k, bool x_contiguous) {
    return extent < 128 && small_tiles_extent(extent - 1) < small_tiles_extent(extent) &&
           other * k >= (x_contiguous ? kPeelMinElems : kPeelStridedMinElems);
}

/* One row or column: a GEMV (gemm_is_gemv). A lone row or column past a 32-wide tile: a GEMV
 * after the rest (peel_last). At most 32 rows (columns): 32 x 128 (128 x 32) tiles. Otherwise
 * 128 x 128 tiles when they fill the SMs (a thin last tile row or column peeled off into a
 * second GEMM where that saves a wave: thin_edge); 128 x 64 (4 warps) while there are at least
 * a quarter as many of them as SMs, so that split-K stays shallow (its partials cost traffic);
 * below that, or when m < 128 would leave most of a 128-row tile empty, 64 x 64 (2 warps), split
 * deeper. */
static cudaError_t launch_sgemm(gblas_cuda_env *env, int transa, int transb, int64_t m,
                                int64_t n, int64_t k, gblas_cuda_sscalar alpha, const float *A,
                                int64_t lda, const float *B, int64_t ldb, gblas_cuda_sscalar beta,
                                float *C, int64_t ldc) {
    if (m <= 0 || n <= 0) return cudaSuccess;
    if (gemm_is_gemv(m, n, k))
        return launch_gemm_as_gemv(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                   ldc);
    const int64_t last_row = peel_last(m, n, k, transa) ? 1 : 0;
    const int64_t last_col = !last_row && peel_last(n, m, k, !transb) ? 1 : 0;
    if (last_row || last_col)
        return launch_split_off(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                                last_row, last_col);
    if (m <= 32 && n > 32)
        return SgemmFewRows::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
    if (n <= 32 && m > 32)
        return SgemmFewCols::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc);
    if (ceil_div(m, 128) * ceil_div(n, 128) >= env->sm_count) {
        const int64_t slots = (int64_t)SgemmLarge::Shape::kMinBlocks * env->sm_count;
        const int64_t rows = thin_edge(m, ceil_div(n, 128), slots);
        const int64_t cols = rows ? 0 : thin_edge(n, ceil_div(m, 128), slots);
        if (rows || cols)
            return launch_split_off(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                    ldc, rows, cols);
        if (transa && k >= kDeepK)
            return SgemmLargeDeep::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb,
                                          beta, C, ldc);
        return SgemmLarge::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                  ldc);
    }
    if (m >= 128 && 4 * ceil_div(m, 128) * ceil_div(n, 64) >= env->sm_count)
        return SgemmMid::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                                ldc);
    return SgemmSmall::launch(env, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

template <>
cudaError_t launch_gemm<float>(gblas_cuda_env *env, gblas_operation_t transa,
                               gblas_operation_t transb, int64_t m, int64_t n, int64_t k,
                               Scalar<float> alpha, const float *A, int64_t lda, const float *B,
                               int64_t ldb, Scalar<float> beta, float *C, int64_t ldc,
                               const GemmBatch<float> &batch) {
    if (batch.count != 1) {
        env->failed = "launch_gemm (batched)";
        return cudaErrorNotSupported;
    }
    return launch_sgemm(env, transa != GBLAS_OP_N, transb != GBLAS_OP_N, m, n, k, alpha, A, lda,
                        B, ldb, beta, C, ldc);
}

extern "C" cudaError_t gblas_cuda_sgemm_prepare(gblas_cuda_sgemm_clusters *clusters,
                                                 const char **failed) {
    cudaError_t err = SgemmLarge::prepare();
    if (err == cudaSuccess) err = SgemmLargeDeep::prepare();
    if (err != cudaSuccess) {
        *failed = "cudaFuncSetAttribute(sgemm_kernel)";
        return err;
    }
    *clusters = gblas_cuda_sgemm_clusters{};
    SgemmMid::count_clusters(clusters->active[0]);
    SgemmSmall::count_clusters(clusters->active[1]);
    return cudaSuccess;
}
