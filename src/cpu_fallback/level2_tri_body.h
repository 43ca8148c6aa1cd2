/* level2_tri_body.h: SCAFFOLD: the instruction-set level's overrides of trmv, tbmv, tpmv, trsv, tbsv, tpsv (none yet). */

static void level2_tri_fill(gblas_ops *ops) { (void)ops; }
