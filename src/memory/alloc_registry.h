/* alloc_registry.h: the set of live gblas_malloc pointers, process-wide, so that gblas_free can
 * refuse a pointer gblas_malloc never returned (or one freed already, or one from the other
 * backend) instead of handing it to free() or cudaFree. */
#ifndef GBLAS_ALLOC_REGISTRY_H
#define GBLAS_ALLOC_REGISTRY_H

#include "gblas.h"

typedef enum {
    GBLAS_REGISTRY_OK,            /* added, or found and removed */
    GBLAS_REGISTRY_FULL,          /* add: the table could not grow (out of memory) */
    GBLAS_REGISTRY_UNKNOWN,       /* remove: p is not a live gblas_malloc pointer */
    GBLAS_REGISTRY_OTHER_BACKEND  /* remove: p is live but belongs to the other backend */
} gblas_registry_result;

gblas_registry_result gblas_registry_add(const void *p, gblas_backend_t backend);
/* Removes p if it was allocated on backend; never removes it otherwise. */
gblas_registry_result gblas_registry_remove(const void *p, gblas_backend_t backend);

#endif /* GBLAS_ALLOC_REGISTRY_H */
