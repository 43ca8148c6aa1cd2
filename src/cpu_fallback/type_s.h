/* type_s.h: the element type of a single-precision translation unit (s_ref.c, s_avx2.c,
 * s_avx512.c): every family body is written in these names. VT, HVT and VL name the vector
 * types of the simd_<level>.h included before (unused by the reference). */
#define T float     /* the element type */
#define REAL float  /* its real type (T itself for s and d; a complex type's component) */
#define VT vec_f
#define HVT hvec_f
#define VL VEC_F_LANES
#define ABS fabsf
#define SQRT sqrtf
/* Blue's constants of NRM2 (cpu_paths.h says how they are derived). */
#define BLUE_TSML GBLAS_BLUE_TSML_F
#define BLUE_TBIG GBLAS_BLUE_TBIG_F
#define BLUE_SSML GBLAS_BLUE_SSML_F
#define BLUE_SBIG GBLAS_BLUE_SBIG_F
/* The ops table's column, and ref_fill_gen.h's guard for routines not in every type. */
#define GBLAS_TYPE_TAG GBLAS_TYPE_S
#define REF_TYPE_S
