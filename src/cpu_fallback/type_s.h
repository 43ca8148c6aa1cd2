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

/* A complex type plugs in the same way: type_c.h and type_z.h name T (gblas_complex_float:
 * re, im) and REAL (float) for the complex reference (c_ref.c, z_ref.c); no vector level has
 * complex routines yet. A level would add VT and VL, the real vector (vec_f) whose lanes hold
 * VL / 2 complex numbers interleaved, loaded and stored through (REAL *) casts so that
 * v_loadu's _Generic sees float *; GBLAS_TYPE_TAG is GBLAS_TYPE_C and REF_TYPE_C guards
 * ref_fill_gen.h's complex-only routines. The vocabulary then gains the operations on
 * interleaved pairs, keyed like the rest on the real vector type: vc_mul(a, b) (permute the
 * pairs, fmaddsub), vc_mulc (conjugate of a), vc_set1(z) (broadcast one pair) and
 * vc_reduce_add (the pair sums). Family bodies for complex routines (dotc, hemv, ...) use
 * those; bodies written on real lanes only (copy, swap, scal by a real) serve both unchanged,
 * with n doubled. */
