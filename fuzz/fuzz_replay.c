/* fuzz_replay.c: gblas-fuzz-replay [--pair cpu|cuda] [--threads N] [--any-picks] PATH...: runs
 * each corpus file (or every file of each directory, in name order) through the fuzz harness on
 * two sides (fuzz.h), counting problems instead of stopping at the first. A pick that is not
 * canonical (fuzz_session.c) is a problem unless --any-picks is given (an input libFuzzer found,
 * not yet rewritten by fuzz/canonical-picks). "cuda" compares the CPU's
 * default path with the CUDA backend: scripts/gpu-check runs it plain and under
 * compute-sanitizer. With N threads, each replays every file at once on its own pair of
 * handles, for ThreadSanitizer (the library's process-wide state: allocation registry, handle
 * quarantine, messages). Exit status 1 when any problem was found or no input was read. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

enum { MAX_FILES = 4096, MAX_THREADS = 16 };

typedef struct {
    uint8_t *data;
    size_t size;
    char path[512];
} input_file;

static input_file files[MAX_FILES];
static int file_count, read_errors;

static void load_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL || file_count == MAX_FILES) {
        fprintf(stderr, "gblas-fuzz-replay: cannot read %s\n", path);
        read_errors++;
        if (f) fclose(f);
        return;
    }
    input_file *in = &files[file_count++];
    in->data = malloc(1 << 16);
    if (in->data == NULL) abort();
    in->size = fread(in->data, 1, 1 << 16, f);
    fclose(f);
    snprintf(in->path, sizeof in->path, "%s", path);
}

static void load_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        load_file(path);
        return;
    }
    struct dirent **names;
    const int count = scandir(path, &names, NULL, alphasort);
    for (int i = 0; i < count; i++) {
        if (names[i]->d_name[0] != '.') {
            char file[1024];
            snprintf(file, sizeof file, "%s/%s", path, names[i]->d_name);
            load_file(file);
        }
        free(names[i]);
    }
    if (count >= 0) free(names);
}

typedef struct {
    fz_side *sides;
    int problems;
} replayer;

static void *replay_all(void *arg) {
    replayer *r = arg;
    for (int i = 0; i < file_count; i++) {
        const int found = fz_run_input(r->sides, files[i].data, files[i].size);
        if (found) fprintf(stderr, "gblas-fuzz-replay: %d problem(s) in %s\n", found, files[i].path);
        r->problems += found;
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *pair = "cpu";
    int threads = 1, i = 1;
    fz_canonical = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--any-picks") == 0) fz_canonical = 0;
        if (strcmp(argv[i], "--pair") == 0 && i + 1 < argc) pair = argv[++i];
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = atoi(argv[++i]);
    }
    if (threads < 1 || threads > MAX_THREADS) threads = 1;
    for (; i < argc; i++) load_path(argv[i]);
    replayer r[MAX_THREADS] = {{0}};
    for (int t = 0; t < threads; t++)
        if ((r[t].sides = fz_open_sides(pair)) == NULL) return 1;
    pthread_t th[MAX_THREADS];
    for (int t = 1; t < threads; t++)
        if (pthread_create(&th[t], NULL, replay_all, &r[t]) != 0) return 1;
    replay_all(&r[0]);
    int problems = r[0].problems;
    for (int t = 1; t < threads; t++) {
        pthread_join(th[t], NULL);
        problems += r[t].problems;
    }
    for (int t = 0; t < threads; t++) fz_close_sides(r[t].sides);
    for (int f = 0; f < file_count; f++) free(files[f].data);
    printf("gblas-fuzz-replay (%s, %d thread%s): %d inputs, %d problems, %d unreadable\n", pair,
           threads, threads > 1 ? "s" : "", file_count, problems, read_errors);
    return problems == 0 && read_errors == 0 && file_count > 0 ? 0 : 1;
}
