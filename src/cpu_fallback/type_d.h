/* type_d.h: the element type of a double-precision translation unit (d_ref.c, d_avx2.c,
 * d_avx512.c): every family body is written in these names. VT, HVT and VL name the vector
 * types of the simd_<level>.h included before (unused by the reference). */
#define T double    /* the element type */
#define REAL double /* its real type (T itself for s and d; a complex type's component) */
#define VT vec_d
#define HVT hvec_d
#define VL VEC_D_LANES
#define ABS fabs
#define SQRT sqrt
/* Blue's constants of NRM2 (cpu_paths.h says how they are derived). */
#define BLUE_TSML GBLAS_BLUE_TSML_D
#define BLUE_TBIG GBLAS_BLUE_TBIG_D
#define BLUE_SSML GBLAS_BLUE_SSML_D
#define BLUE_SBIG GBLAS_BLUE_SBIG_D
/* The ops table's column, and ref_fill_gen.h's guard for routines not in every type. */
#define GBLAS_TYPE_TAG GBLAS_TYPE_D
#define REF_TYPE_D
