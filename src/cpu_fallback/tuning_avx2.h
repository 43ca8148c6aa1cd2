/* tuning_avx2.h: the AVX2 + FMA level's GEMM tiles and thresholds, for s_avx2.c and
 * d_avx2.c: register tiles of 2 ymm columns (16 floats / 8 doubles) by 6 columns: 12
 * accumulators, the two A vectors and the broadcast of B in 15 of the 16 ymm registers. Edge
 * tiles load and store C through vmaskmov lane masks. Both types use the same tile; a type
 * that needs its own would test the macro its type_<t>.h defines (REF_TYPE_S, ...). */

/* Small-matrix path: an operand is read in place, not packed, when the micro-tiles that
 * would reuse its packed copy span at most this many bytes of C (B: m rows, A: n columns).
 * Measured here: in place wins up to 512 floats / 256 doubles, packing from twice that. */
#define GEMM_IN_PLACE_BYTES 2048
/* Size of B up to which it is packed anyway when its columns collide in L1 (see
 * gemm_in_place): 64^3 with ldb = 4096 floats packs (8% faster), 33 x 2048 x 2048 does not. */
#define GEMM_CONFLICT_BYTES ((size_t)1 << 20)
/* Register tiles: MR_V vectors by NR columns, and every edge shape below them (X(hv, nc): hv
 * half vectors of rows, see gemm_kernel_body.h). Whole vectors only: an xmm half vector would
 * cost what a ymm vector does. */
#define GEMM_HALF_TILES 0
#define MR_V 2
#define NR 6
#define TILE_SHAPES(X) GEMM_COLS_6(X, 2) GEMM_COLS_6(X, 4)
/* Vector multiply-adds (m n k / lanes) per thread below which another thread costs more than
 * it gains: measured here, 2 threads win from 56^3 floats and 40^3 doubles on. */
#define GEMM_THREAD_VFMAS 3500.0
