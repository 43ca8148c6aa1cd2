/* level3_tri_body.h: SCAFFOLD: the instruction-set level's overrides of trmm, trsm, trsm_batched (none yet). */

static void level3_tri_fill(gblas_ops *ops) { (void)ops; }
