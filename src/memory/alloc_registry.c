/* alloc_registry.c: an open-addressing hash set (linear probing, at most half full, deletion
 * by backward shift) of the live gblas_malloc pointers, under one mutex: it is touched only by
 * gblas_malloc and gblas_free, never by a routine. Pointers are stored complemented, so that
 * LeakSanitizer does not count the table as a reference: memory a program never frees is
 * still reported as its leak. */
#include <pthread.h>
#include <stdlib.h>

#include "fault.h"
#include "memory/alloc_registry.h"

typedef struct {
    uintptr_t key; /* ~pointer; 0 = empty slot (no pointer complements to 0) */
    gblas_backend_t backend;
} slot;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static slot *slots;
static size_t capacity; /* a power of two, or 0 before the first add */
static size_t used;

static size_t home(uintptr_t key, size_t cap) {
    return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1);
}

/* The slot holding key, or the empty slot where it would go. */
static size_t find(const slot *tab, size_t cap, uintptr_t key) {
    size_t i = home(key, cap);
    while (tab[i].key != 0 && tab[i].key != key) i = (i + 1) & (cap - 1);
    return i;
}

static int grow(void) {
    const size_t cap = capacity ? 2 * capacity : 64;
    slot *tab = gblas_fault() ? NULL : calloc(cap, sizeof *tab);
    if (tab == NULL) return 0;
    for (size_t i = 0; i < capacity; i++)
        if (slots[i].key != 0) tab[find(tab, cap, slots[i].key)] = slots[i];
    free(slots);
    slots = tab;
    capacity = cap;
    return 1;
}

gblas_registry_result gblas_registry_add(const void *p, gblas_backend_t backend) {
    const uintptr_t key = ~(uintptr_t)p;
    gblas_registry_result r = GBLAS_REGISTRY_OK;
    pthread_mutex_lock(&registry_lock);
    if (2 * (used + 1) > capacity && !grow()) {
        r = GBLAS_REGISTRY_FULL;
    } else {
        slot *s = &slots[find(slots, capacity, key)];
        if (s->key == 0) used++;
        *s = (slot){key, backend};
    }
    pthread_mutex_unlock(&registry_lock);
    return r;
}

gblas_registry_result gblas_registry_remove(const void *p, gblas_backend_t backend) {
    const uintptr_t key = ~(uintptr_t)p;
    gblas_registry_result r = GBLAS_REGISTRY_UNKNOWN;
    pthread_mutex_lock(&registry_lock);
    if (capacity != 0) {
        size_t i = find(slots, capacity, key);
        if (slots[i].key == key && slots[i].backend != backend) {
            r = GBLAS_REGISTRY_OTHER_BACKEND;
        } else if (slots[i].key == key) {
            r = GBLAS_REGISTRY_OK;
            used--;
            /* Backward shift: pull later entries of the probe run into the hole when their
             * home slot does not lie (cyclically) after the hole. */
            for (size_t j = (i + 1) & (capacity - 1); slots[j].key != 0;
                 j = (j + 1) & (capacity - 1)) {
                const size_t h = home(slots[j].key, capacity);
                if (((j - h) & (capacity - 1)) >= ((j - i) & (capacity - 1))) {
                    slots[i] = slots[j];
                    i = j;
                }
            }
            slots[i].key = 0;
        }
    }
    pthread_mutex_unlock(&registry_lock);
    return r;
}
