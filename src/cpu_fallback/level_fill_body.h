/* level_fill_body.h: level_fill, the overrides an instruction-set level's translation unit
 * (<t>_avx2.c, <t>_avx512.c) puts in the ops table for its type after the reference's, and
 * the workspace its GEMM packing needs. Included last. */
static void level_fill(gblas_ops *ops) {
    ops->routine.dot[GBLAS_TYPE_TAG] = dot;
    ops->routine.nrm2[GBLAS_TYPE_TAG] = nrm2;
    ops->routine.asum[GBLAS_TYPE_TAG] = asum;
    ops->routine.iamax[GBLAS_TYPE_TAG] = iamax;
    ops->routine.iamin[GBLAS_TYPE_TAG] = iamin;
    ops->routine.axpy[GBLAS_TYPE_TAG] = axpy;
    ops->routine.scal[GBLAS_TYPE_TAG] = scal;
    ops->routine.copy[GBLAS_TYPE_TAG] = copy;
    ops->routine.swap[GBLAS_TYPE_TAG] = swap;
    ops->routine.rot[GBLAS_TYPE_TAG] = rot;
    ops->routine.rotm[GBLAS_TYPE_TAG] = rotm;
    ops->routine.gemv[GBLAS_TYPE_TAG] = gemv;
    ops->routine.gemm[GBLAS_TYPE_TAG] = gemm;
    ops->routine.gemm_strided_batched[GBLAS_TYPE_TAG] = gemm_strided_batched;
    ops->routine.gemm_batched[GBLAS_TYPE_TAG] = gemm_batched;
    level2_mv_fill(ops);
    level2_tri_fill(ops);
    level2_update_fill(ops);
    level3_sym_fill(ops);
    level3_tri_fill(ops);
    call_once(&gemm_blocks_once, gemm_blocks_init);
    gblas_cpu_gemm_reserve(ops, gemm_blocks, sizeof(T));
}
