/* rot_setup.cu: ROTG (the plane rotation zeroing b of (a, b)) and ROTMG (the modified Givens
 * transformation), float and double, computed by the scalar code the CPU backend also runs
 * (common/rot_setup.h). Device pointer mode: one thread of one block on the arguments in device
 * memory, ordered on the stream like any routine. Host pointer mode: on the calling thread. */
#include "cuda_common.cuh"

#include "common/rot_setup.h"

namespace {

__host__ __device__ inline void rotg(float *a, float *b, float *c, float *s) {
    gblas_rotg_s(a, b, c, s);
}
__host__ __device__ inline void rotg(double *a, double *b, double *c, double *s) {
    gblas_rotg_d(a, b, c, s);
}
__host__ __device__ inline void rotmg(float *d1, float *d2, float *x1, const float *y1,
                                      float *param) {
    gblas_rotmg_s(d1, d2, x1, y1, param);
}
__host__ __device__ inline void rotmg(double *d1, double *d2, double *x1, const double *y1,
                                      double *param) {
    gblas_rotmg_d(d1, d2, x1, y1, param);
}

template <typename T> __global__ void __launch_bounds__(1) rotg_kernel(T *a, T *b, T *c, T *s) {
    rotg(a, b, c, s);
}
template <typename T>
__global__ void __launch_bounds__(1) rotmg_kernel(T *d1, T *d2, T *x1, const T *y1, T *param) {
    rotmg(d1, d2, x1, y1, param);
}

} // namespace

template <typename T> cudaError_t launch_rotg(gblas_cuda_env *env, T *a, T *b, T *c, T *s) {
    rotg_kernel<T><<<1, 1, 0, env->stream>>>(a, b, c, s);
    return launch_check(env, "rotg_kernel");
}
template <typename T>
cudaError_t launch_rotmg(gblas_cuda_env *env, T *d1, T *d2, T *x1, const T *y1, T *param) {
    rotmg_kernel<T><<<1, 1, 0, env->stream>>>(d1, d2, x1, y1, param);
    return launch_check(env, "rotmg_kernel");
}
template <typename T> void rotg_on_host(T *a, T *b, T *c, T *s) { rotg(a, b, c, s); }
template <typename T> void rotmg_on_host(T *d1, T *d2, T *x1, const T *y1, T *param) {
    rotmg(d1, d2, x1, y1, param);
}

#define GBLAS_INSTANTIATE(T)                                                                    \
    template cudaError_t launch_rotg<T>(gblas_cuda_env *, T *, T *, T *, T *);                  \
    template cudaError_t launch_rotmg<T>(gblas_cuda_env *, T *, T *, T *, const T *, T *);      \
    template void rotg_on_host<T>(T *, T *, T *, T *);                                          \
    template void rotmg_on_host<T>(T *, T *, T *, const T *, T *);
GBLAS_INSTANTIATE(float)
GBLAS_INSTANTIATE(double)
#undef GBLAS_INSTANTIATE
