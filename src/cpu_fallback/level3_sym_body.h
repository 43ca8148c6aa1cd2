/* level3_sym_body.h: SCAFFOLD: the instruction-set level's overrides of symm, syrk, syr2k (none yet). */

static void level3_sym_fill(gblas_ops *ops) { (void)ops; }
