/* type_c.h: the element type of a single-precision complex translation unit (c_ref.c): the
 * complex family bodies are written in these names. No vector level has complex routines yet,
 * so VT and VL are not named (type_s.h says how they will be). */
#define T gblas_complex_float       /* the element type: re, im */
#define REAL float                  /* its real type */
#define ABS fabsf                   /* of REAL */
#define SQRT sqrtf
/* Blue's constants of NRM2, those of the real type (cpu_paths.h says how they are derived). */
#define BLUE_TSML GBLAS_BLUE_TSML_F
#define BLUE_TBIG GBLAS_BLUE_TBIG_F
#define BLUE_SSML GBLAS_BLUE_SSML_F
#define BLUE_SBIG GBLAS_BLUE_SBIG_F
/* The ops table's column, and ref_fill_gen.h's guard for routines not in every type. */
#define GBLAS_TYPE_TAG GBLAS_TYPE_C
#define REF_TYPE_C
