/* gemm_pack_body.h: packing of GEMM operands into the slivers the micro-kernel streams, for one
 * element type (type_<t>.h). Included by <t>_avx2.c and <t>_avx512.c.
 * A panel (op(A): rows i; op(B) transposed: rows j; depth l in both) is cut into slivers of w
 * rows; sliver element (r, l) goes to out[l * w + r], so the kernel reads w consecutive
 * elements per step of l. The source element (r, l) sits at src[r * rs + l * cs] where either
 * rs == 1 (rows contiguous: copied a vector at a time) or cs == 1 (depth contiguous:
 * transposed in registers, by pack_sliver). That folds in all four transpose pairs: op(A) = A
 * and op(B) = B^T come with rs == 1, op(A) = A^T and op(B) = B with cs == 1. Rows [rows, w) of
 * a sliver are zero. */

/* Rows of the register transpose: 32 bytes, 8 floats or 4 doubles. */
#define PACK_TB ((int)(32 / sizeof(T)))

/* One sliver from a source whose rows lie rs apart and are contiguous in l (cs == 1): blocks
 * of PACK_TB rows by PACK_TB steps of l, then a half-height block, then single rows; the l
 * tail of each block element by element. */
static void pack_sliver(int64_t kc, int rows, int w, const T *restrict src, int64_t rs,
                        T *restrict out) {
    int r = 0;
    for (; r + PACK_TB <= rows; r += PACK_TB) {
        int64_t l = 0;
        for (; l + PACK_TB <= kc; l += PACK_TB)
            v_transpose_block(src + r * rs + l, rs, out + l * w + r, w);
        for (; l < kc; l++)
            for (int p = 0; p < PACK_TB; p++) out[l * w + r + p] = src[(r + p) * rs + l];
    }
    if (r + PACK_TB / 2 <= rows) {
        int64_t l = 0;
        for (; l + PACK_TB / 2 <= kc; l += PACK_TB / 2)
            v_transpose_half_block(src + r * rs + l, rs, out + l * w + r, w);
        for (; l < kc; l++)
            for (int p = 0; p < PACK_TB / 2; p++) out[l * w + r + p] = src[(r + p) * rs + l];
        r += PACK_TB / 2;
    }
    for (; r < rows; r++)
        for (int64_t l = 0; l < kc; l++) out[l * w + r] = src[r * rs + l];
    if (rows < w)
        for (int64_t l = 0; l < kc; l++)
            for (int z = rows; z < w; z++) out[l * w + z] = 0;
}

/* Packs rows [r0, r1) of a panel of depth kc into the slivers at out + r * kc_max (r = r0,
 * r0 + w_full, ...): r0 is a multiple of w_full, and r1 is one too unless it ends the panel.
 * Full slivers are w_full wide; the last one is as wide as its micro-tile's vectors when
 * vector_rows is set (A: gemm_tile_halves), else exactly its rows (B). Placing slivers by the
 * call's largest depth kc_max, not by this panel's kc, keeps each sliver's place the same in
 * every panel: a thread packing the next panel never writes where another one still reads this
 * panel's slivers.
 * rs == 1: each step l copies r1 - r0 contiguous source elements into every sliver, so the
 * source is read in long runs; cs == 1: sliver by sliver, PACK_TB source rows at a time. */
static void pack_panel(int64_t kc, int64_t kc_max, int64_t r0, int64_t r1, int w_full,
                       int vector_rows, const T *src, int64_t rs, int64_t cs, T *out) {
    if (rs != 1) {
        for (int64_t r = r0; r < r1; r += w_full) {
            const int rows = r1 - r < w_full ? (int)(r1 - r) : w_full;
            const int w = vector_rows ? gemm_tile_halves(rows, VL, GEMM_HALF_TILES) * HL : rows;
            pack_sliver(kc, rows, w, src + r * rs, rs, out + r * kc_max);
        }
        return;
    }
    for (int64_t l = 0; l < kc; l++) {
        const T *s = src + l * cs;
        for (int64_t r = r0; r < r1; r += w_full) {
            const int rows = r1 - r < w_full ? (int)(r1 - r) : w_full;
            const int w = vector_rows ? gemm_tile_halves(rows, VL, GEMM_HALF_TILES) * HL : rows;
            T *o = out + r * kc_max + l * w;
            for (int q = 0; q < w; q += VL) {
                const int width = w - q < VL ? w - q : VL;
                const int valid = rows <= q ? 0 : rows - q < width ? rows - q : width;
                if (valid == VL)
                    v_storeu(o + q, v_loadu(s + r + q));
                else
                    v_store_n(o + q, v_load_n(s + r + q, valid), width);
            }
        }
    }
}

#undef PACK_TB
