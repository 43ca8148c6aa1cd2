/* ffma_kernel.cuh (GEMM engine): the FP32 main loop on the FFMA pipes (no TF32), column-major:
 * its tile shape, tile loader, main loop and epilogue, and sgemm_kernel, which composes them with
 * the engine's batch index (gemm_schedule.cuh) and split-K (gemm_splitk.cuh). Included by
 * sgemm.cu only.
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
 * Configs (rows of kSgemmSm90, gemm_configs_sm90.cuh): 128x128x16 with 256 threads
 * (128x128x32 for op(A) = A^T with k >= 256); 128x64x16 with 128 threads and 64x64x16 with 64
 * threads when 128x128 tiles would leave SMs idle; 32x128x16 and 128x32x16 with 64 threads for
 * outputs of at most 32 rows or columns. All split along k (grid.y) when their tiles leave
 * resident block slots idle (the row's split rule). A tile's 2 to 8 splits form a thread-block
 * cluster (two-buffer configs) where one wave of such clusters holds every tile (more splits
 * are capped at 8 where that costs little): each block leaves its sums in shared memory and the
 * cluster adds them (cluster_splitk_reduce); otherwise the splits' partials go through global
 * memory to gemm_splitk_reduce_kernel. Both add the splits in the same order, so the path does
 * not change a bit of the result (cluster_split_depth in gemm_splitk.cuh chooses). */
#pragma once

#include "gemm_schedule.cuh"
#include "gemm_splitk.cuh"

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

/* Main loop: acc += op(A)[m0 + rows, kb..ke) op(B)[kb..ke, n0 + columns) for this thread's
 * 8 x 8 outputs (rows am + {0, kHalfM} + {0..3}, columns bn + {0, kHalfN} + {0..3} of the
 * tile), through the kBuffers shared buffers As and Bs. vec_a, vec_b: the operand is 16-byte
 * aligned with ld % 4 == 0. kb < ke. */
template <typename Shape, bool kTransA, bool kTransB, int kSizeA, int kSizeB>
__device__ __forceinline__ void ffma_main_loop(float (&acc)[8][8], float (*As)[kSizeA],
                                               float (*Bs)[kSizeB], const float *__restrict__ A,
                                               int64_t lda, const float *__restrict__ B,
                                               int64_t ldb, int64_t m, int64_t n, int64_t m0,
                                               int64_t n0, int64_t kb, int64_t ke, bool vec_a,
                                               bool vec_b, int am, int bn) {
    constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK;
    constexpr int THREADS = Shape::kThreads, kBuffers = Shape::kBuffers;
    constexpr int kParts = Shape::kParts, kPhaseK = Shape::kPhaseK;
    constexpr int kHalfM = Shape::WM / 2, kHalfN = Shape::WN / 2;
    using LoaderA = TileLoader<BM, BK, THREADS, kTransA>;
    using LoaderB = TileLoader<BN, BK, THREADS, !kTransB>;
    constexpr int kRowA = LoaderA::kRow, kRowB = LoaderB::kRow;
    static_assert(kSizeA == BK * kRowA && kSizeB == BK * kRowB, "one buffer holds one tile");
    constexpr int kPartA = LoaderA::kLoads / kParts, kPartB = LoaderB::kLoads / kParts;
    static_assert(LoaderA::kLoads % kParts == 0 && LoaderB::kLoads % kParts == 0,
                  "each part is whole slots of both tiles");
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

/* C = alpha op(A) op(B) + beta C for one BM x BN output tile (blockIdx.x, in tile_coords order)
 * over the k range blockIdx.y (split_depth deep), of batch entry blockIdx.z (kBatch: the
 * operands then come from batch; alignment flags from the host hold for every entry's ld and
 * stride and are completed here by the entry's own pointers). */
template <typename Shape, bool kTransA, bool kTransB, bool kClusterSplit, GemmBatchMode kBatch>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    sgemm_kernel(int64_t m, int64_t n, int64_t k, int64_t split_depth, Scalar<float> alpha_s,
                 const float *__restrict__ A, int64_t lda, const float *__restrict__ B,
                 int64_t ldb, Scalar<float> beta_s, float *__restrict__ C, int64_t ldc,
                 float *__restrict__ partial, bool vec_a, bool vec_b, bool vec_c,
                 GemmBatch<float> batch) {
    static_assert(kBatch == GemmBatchMode::kNone || !kClusterSplit,
                  "batched launches never split k");
    constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK, kBuffers = Shape::kBuffers;
    constexpr int THREADS = Shape::kThreads;
    constexpr int kRowA = BM + 4, kRowB = BN + 4; /* TileLoader::kRow */
    if constexpr (kBatch != GemmBatchMode::kNone) {
        /* alpha == 0 or k == 0: A and B are never read, nor their arrays (then maybe NULL) */
        if (k > 0 && scalar_value<float>(alpha_s) != float(0)) {
            A = batch_operand<kBatch>(batch.a_array, A, batch.stride_a);
            B = batch_operand<kBatch>(batch.b_array, B, batch.stride_b);
        }
        C = batch_operand<kBatch>(batch.c_array, C, batch.stride_c);
    }
    if constexpr (kBatch == GemmBatchMode::kArrays) {
        vec_a = vec_a && aligned16_device(A);
        vec_b = vec_b && aligned16_device(B);
        vec_c = vec_c && aligned16_device(C);
    }
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
    if (alpha != 0.0f && kb < ke) /* alpha == 0 (or k == 0): A and B are never read */
        ffma_main_loop<Shape, kTransA, kTransB>(acc, As, Bs, A, lda, B, ldb, m, n, m0, n0, kb, ke,
                                                vec_a, vec_b, am, bn);

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

} // namespace
