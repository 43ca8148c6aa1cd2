/* level2_mv_body.h: SCAFFOLD: the instruction-set level's overrides of gbmv, symv, sbmv, spmv (none yet). */

static void level2_mv_fill(gblas_ops *ops) { (void)ops; }
