/* harness_cuda.c: device fills and cudaMalloc'd copies for the GPU-only tests (see
 * harness_cuda.h). Built only with the CUDA backend. */
#include <stdlib.h>

#include "harness_cuda.h"

void cuda_fill_periodic(void *dev, size_t n, size_t elem, const void *period, size_t plen) {
    if (n == 0) return;
    size_t done = plen < n ? plen : n;
    CUDA_OK(cudaMemcpy(dev, period, done * elem, cudaMemcpyHostToDevice));
    while (done < n) { /* [0, c) -> [done, done + c): done stays a multiple of plen */
        size_t c = done < n - done ? done : n - done;
        CUDA_OK(cudaMemcpy((char *)dev + done * elem, dev, c * elem, cudaMemcpyDeviceToDevice));
        done += c;
    }
}

void *cuda_from_host(prec_t p, const double *host, size_t n) {
    size_t es = prec_size(p);
    void *d = NULL, *tmp = malloc((n ? n : 1) * es);
    cr_assert(tmp != NULL);
    for (size_t i = 0; i < n; i++) {
        if (p == PREC_S)
            ((float *)tmp)[i] = (float)host[i];
        else
            ((double *)tmp)[i] = host[i];
    }
    CUDA_OK(cudaMalloc(&d, (n ? n : 1) * es));
    CUDA_OK(cudaMemcpy(d, tmp, n * es, cudaMemcpyHostToDevice));
    free(tmp);
    return d;
}

void cuda_to_host(prec_t p, const void *dev, size_t n, double *out) {
    size_t es = prec_size(p);
    void *tmp = malloc((n ? n : 1) * es);
    cr_assert(tmp != NULL);
    CUDA_OK(cudaMemcpy(tmp, dev, n * es, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; i++)
        out[i] = p == PREC_S ? (double)((float *)tmp)[i] : ((double *)tmp)[i];
    free(tmp);
}
