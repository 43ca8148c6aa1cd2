/* test_symbols.c: the gblas_ symbols the shared library exports are exactly the public API.
 * Every function of gblas.h (hr_public_symbols, generated from the routine table and the header)
 * must resolve through dlsym on libgblas.so, and the library's dynamic symbol table (read from
 * the ELF file, as nm -D --defined-only would) must define no other gblas_ symbol: a routine
 * dropped from the build or an internal helper leaking out both fail here. */
#define _POSIX_C_SOURCE 200809L /* dlopen */
#include <dlfcn.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "routines_gen.h"

#ifndef GBLAS_SHARED_LIBRARY
#error "GBLAS_SHARED_LIBRARY (the path of libgblas.so) is set by tests/CMakeLists.txt"
#endif

/* The library under test: the build tree's, or GBLAS_TEST_SHARED_LIBRARY's where the test binary
 * runs away from its build tree (a GPU host the binaries were copied to). */
static const char *library_path(void) {
    const char *env = getenv("GBLAS_TEST_SHARED_LIBRARY");
    return env && *env ? env : GBLAS_SHARED_LIBRARY;
}

/* Reads bytes at offset of f into a new buffer. */
static void *read_at(FILE *f, long offset, size_t bytes) {
    void *buf = malloc(bytes ? bytes : 1);
    cr_assert(buf != NULL, "malloc failed");
    cr_assert(fseek(f, offset, SEEK_SET) == 0 && fread(buf, 1, bytes, f) == bytes,
              "%s: short read at %ld", library_path(), offset);
    return buf;
}

static int is_public(const char *name) {
    for (int i = 0; i < hr_public_symbol_count; i++)
        if (strcmp(name, hr_public_symbols[i]) == 0) return 1;
    return 0;
}

/* Asserts that every gblas_ symbol the library defines in .dynsym is public; counts them. */
static int exported_all_public(void) {
    FILE *f = fopen(library_path(), "rb");
    cr_assert(f != NULL, "cannot open %s", library_path());
    Elf64_Ehdr eh;
    cr_assert(fread(&eh, sizeof eh, 1, f) == 1 && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
                  eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_shentsize == sizeof(Elf64_Shdr),
              "%s is not a 64-bit ELF file", library_path());
    Elf64_Shdr *sh = read_at(f, (long)eh.e_shoff, (size_t)eh.e_shnum * sizeof *sh);
    int found = 0, exported = 0;
    for (int s = 0; s < eh.e_shnum; s++) {
        if (sh[s].sh_type != SHT_DYNSYM) continue;
        found = 1;
        const Elf64_Shdr *strs = &sh[sh[s].sh_link];
        Elf64_Sym *sym = read_at(f, (long)sh[s].sh_offset, sh[s].sh_size);
        char *names = read_at(f, (long)strs->sh_offset, strs->sh_size);
        for (size_t i = 0; i < sh[s].sh_size / sizeof *sym; i++) {
            const int bind = ELF64_ST_BIND(sym[i].st_info);
            const char *name = names + sym[i].st_name;
            if (sym[i].st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK) ||
                ELF64_ST_VISIBILITY(sym[i].st_other) == STV_HIDDEN ||
                strncmp(name, "gblas_", 6) != 0)
                continue;
            cr_expect(is_public(name), "%s exports %s, which is not in gblas.h",
                      library_path(), name);
            exported++;
        }
        free(sym);
        free(names);
    }
    free(sh);
    fclose(f);
    cr_assert(found, "%s has no dynamic symbol table", library_path());
    return exported;
}

Test(symbols, exported_equals_public) {
    cr_assert(hr_public_symbol_count > 0);
    void *lib = dlopen(library_path(), RTLD_NOW | RTLD_LOCAL);
    cr_assert(lib != NULL, "dlopen(%s): %s", library_path(), dlerror());
    for (int i = 0; i < hr_public_symbol_count; i++)
        cr_expect(dlsym(lib, hr_public_symbols[i]) != NULL, "%s does not export %s: %s",
                  library_path(), hr_public_symbols[i], dlerror());
    cr_assert(dlclose(lib) == 0, "dlclose: %s", dlerror());
    /* every public name resolved, so equal counts mean equal sets */
    const int exported = exported_all_public();
    cr_assert(exported == hr_public_symbol_count,
              "%s exports %d gblas_ symbols; gblas.h declares %d", library_path(), exported,
              hr_public_symbol_count);
}
