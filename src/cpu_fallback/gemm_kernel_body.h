/* gemm_kernel_body.h: the register-blocked GEMM micro-kernel for one element type, written in
 * the vector vocabulary of simd_<level>.h. Included by <t>_avx2.c and <t>_avx512.c with
 *   T, VT and HVT (its vector and half-vector types), VL (lanes; a half vector holds HL =
 *   VL / 2) from type_<t>.h, and from tuning_<level>.h MR_V (vectors in a full tile's
 *   column), NR (columns of a full tile), TILE_SHAPES(X) (X(hv, nc) for the row shapes hv and
 *   every nc <= NR, built from the GEMM_COLS_* lists below) and GEMM_HALF_TILES.
 * A tile's rows are hv half vectors: hv / 2 vectors, then one half vector when hv is odd (so
 * that a remainder of at most HL rows costs half a vector, not a whole one). One micro-tile:
 *   C (its rows, the last vector holding m_last of them, by nc columns)
 *       = alpha * (sum over l < kc of a_l b_l^T) + beta * C,   beta == 0: C is never read.
 * a_l: the tile's vectors at a + l * a_step, the last one holding a_last valid rows (a packed
 * panel is zero-padded: a_last is a whole vector there). b_l(j) is b[l * b_rs + j * b_cs],
 * broadcast. Every element of C is one fused multiply-add chain over l in order, then the same
 * epilogue: the result does not depend on which tile shape computed it. */

#define HL (VL / 2)

/* X(hv, nc) for nc = 1..N: the shape lists TILE_SHAPES is built from. */
#define GEMM_COLS_4(X, hv) X(hv, 1) X(hv, 2) X(hv, 3) X(hv, 4)
#define GEMM_COLS_6(X, hv) GEMM_COLS_4(X, hv) X(hv, 5) X(hv, 6)
#define GEMM_COLS_8(X, hv) GEMM_COLS_6(X, hv) X(hv, 7) X(hv, 8)
#define GEMM_COLS_12(X, hv) GEMM_COLS_8(X, hv) X(hv, 9) X(hv, 10) X(hv, 11) X(hv, 12)

/* Half vectors covering `rows` rows of a tile with vectors of vl lanes: whole vectors, but the
 * last remainder of at most vl / 2 rows in a half vector when `halves` is set. */
static inline int gemm_tile_halves(int rows, int vl, int halves) {
    const int hv = (rows + vl / 2 - 1) / (vl / 2);
    return halves || hv % 2 == 0 ? hv : hv + 1;
}

/* The epilogue of a tile: C = alpha * acc (beta_kind 0: C not read), C + alpha * acc
 * (beta_kind 1), or alpha * acc + beta * C (beta_kind 2); hacc holds the half vector. */
static inline __attribute__((always_inline)) void tile_store(const int hv, const int nc,
                                                             VT acc[MR_V][NR], HVT hacc[NR],
                                                             T alpha, T beta, const int beta_kind,
                                                             T *restrict c, int64_t ldc,
                                                             int m_last) {
    const int mv = hv / 2, half = hv % 2;
    const VT valpha = v_set1(alpha), vbeta = v_set1(beta);
    const HVT halpha = h_set1(alpha), hbeta = h_set1(beta);
#pragma GCC unroll 16
    for (int j = 0; j < nc; j++) {
        T *cj = c + j * ldc;
#pragma GCC unroll 4
        for (int v = 0; v < mv; v++) {
            VT r = v_mul(valpha, acc[v][j]);
            if (half || v < mv - 1 || m_last == VL) {
                if (beta_kind == 1) r = v_add(v_loadu(cj + v * VL), r);
                if (beta_kind == 2) r = v_fma(vbeta, v_loadu(cj + v * VL), r);
                v_storeu(cj + v * VL, r);
            } else {
                if (beta_kind == 1) r = v_add(v_load_n(cj + v * VL, m_last), r);
                if (beta_kind == 2) r = v_fma(vbeta, v_load_n(cj + v * VL, m_last), r);
                v_store_n(cj + v * VL, r, m_last);
            }
        }
        if (half) {
            T *ch = cj + mv * VL;
            HVT r = h_mul(halpha, hacc[j]);
            if (m_last == HL) {
                if (beta_kind == 1) r = h_add(h_loadu(ch), r);
                if (beta_kind == 2) r = h_fma(hbeta, h_loadu(ch), r);
                h_storeu(ch, r);
            } else {
                if (beta_kind == 1) r = h_add(h_load_n(ch, m_last), r);
                if (beta_kind == 2) r = h_fma(hbeta, h_load_n(ch, m_last), r);
                h_store_n(ch, r, m_last);
            }
        }
    }
}

static inline __attribute__((always_inline)) void tile_body(
    const int hv, const int nc, int64_t kc, const T *restrict a, int64_t a_step, int a_last,
    const T *restrict b, int64_t b_rs, int64_t b_cs, T alpha, T beta, T *restrict c,
    int64_t ldc, int m_last) {
    const int mv = hv / 2, half = hv % 2;
    VT acc[MR_V][NR];
    HVT hacc[NR];
#pragma GCC unroll 16
    for (int j = 0; j < nc; j++) {
        _mm_prefetch((const char *)(c + j * ldc), _MM_HINT_T0);
        _mm_prefetch((const char *)(c + j * ldc + hv * HL - 1), _MM_HINT_T0);
#pragma GCC unroll 4
        for (int v = 0; v < mv; v++) acc[v][j] = v_set1((T)0);
        if (half) hacc[j] = h_set1((T)0);
    }
    for (int64_t l = 0; l < kc; l++) {
        VT av[MR_V];
        HVT ah = h_set1((T)0);
#pragma GCC unroll 4
        for (int v = 0; v < mv; v++)
            av[v] = !half && v == mv - 1 && a_last < VL ? v_load_n(a + v * VL, a_last)
                                                        : v_loadu(a + v * VL);
        if (half) ah = a_last < HL ? h_load_n(a + mv * VL, a_last) : h_loadu(a + mv * VL);
#pragma GCC unroll 16
        for (int j = 0; j < nc; j++) {
            const T bl = b[j * b_cs];
            if (mv > 0) {
                const VT bj = v_set1(bl);
#pragma GCC unroll 4
                for (int v = 0; v < mv; v++) acc[v][j] = v_fma(av[v], bj, acc[v][j]);
            }
            if (half) hacc[j] = h_fma(ah, h_set1(bl), hacc[j]);
        }
        /* stepped as integers: past the last k, an unpacked operand's huge leading dimension
         * would take a pointer out of its object (undefined behaviour even if never read) */
        a = (const T *)((uintptr_t)a + (uintptr_t)a_step * sizeof(T));
        b = (const T *)((uintptr_t)b + (uintptr_t)b_rs * sizeof(T));
    }
    /* C = alpha * acc + beta * C, the beta case chosen once per tile. beta == 1 adds instead
     * of multiplying by 1: the same bits, off the FMA pipes. */
    if (beta == 0)
        tile_store(hv, nc, acc, hacc, alpha, beta, 0, c, ldc, m_last);
    else if (beta == 1)
        tile_store(hv, nc, acc, hacc, alpha, beta, 1, c, ldc, m_last);
    else
        tile_store(hv, nc, acc, hacc, alpha, beta, 2, c, ldc, m_last);
}

/* Both operands packed: a_step = hv * HL, b_rs = nc, b_cs = 1, known per shape at compile
 * time so that every address in the k loop is a constant offset. */
static void tile_packed(int hv, int nc, int64_t kc, const T *a, const T *b, T alpha, T beta,
                        T *c, int64_t ldc, int m_last) {
    switch (hv * 32 + nc) {
#define TILE_CASE(h, j)                                                                       \
    case (h) * 32 + (j):                                                                      \
        tile_body(h, j, kc, a, (h) * HL, VL, b, j, 1, alpha, beta, c, ldc, m_last);          \
        break;
        TILE_SHAPES(TILE_CASE)
#undef TILE_CASE
    default:
        break;
    }
}

/* Either operand read in place (the small-matrix path): strides given at run time. */
static void tile_strided(int hv, int nc, int64_t kc, const T *a, int64_t a_step, int a_last,
                         const T *b, int64_t b_rs, int64_t b_cs, T alpha, T beta, T *c,
                         int64_t ldc, int m_last) {
    switch (hv * 32 + nc) {
#define TILE_CASE(h, j)                                                                       \
    case (h) * 32 + (j):                                                                      \
        tile_body(h, j, kc, a, a_step, a_last, b, b_rs, b_cs, alpha, beta, c, ldc, m_last);  \
        break;
        TILE_SHAPES(TILE_CASE)
#undef TILE_CASE
    default:
        break;
    }
}
