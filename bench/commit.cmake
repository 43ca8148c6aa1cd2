# Writes OUTPUT (bench_commit.h) with the source tree's commit, "-dirty" when it has changes,
# or "unknown" without git. Run at every build; the file is rewritten only when it changes.
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit RESULT_VARIABLE rc ERROR_QUIET
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
file(WRITE "${OUTPUT}.tmp" "#define GBLAS_BENCH_COMMIT \"${commit}\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
