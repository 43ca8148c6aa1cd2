/* level2_update_body.h: SCAFFOLD: the instruction-set level's overrides of ger, syr, spr, syr2, spr2 (none yet). */

static void level2_update_fill(gblas_ops *ops) { (void)ops; }
