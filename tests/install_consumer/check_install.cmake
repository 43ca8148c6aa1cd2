# check_install.cmake (cmake -P): installs the gblas build BUILD_DIR into PREFIX, then builds and
# runs install_consumer/main.c against it through find_package(gblas) (shared and static) and
# through pkg-config. Run by the ctest entry gblas-install (label "install").
foreach(var BUILD_DIR PREFIX WORK_DIR CONSUMER_DIR C_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_install.cmake needs -D${var}=...")
  endif()
endforeach()

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok ${out}")
endfunction()

file(REMOVE_RECURSE ${PREFIX} ${WORK_DIR})
run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})

# find_package(gblas)
set(extra)
if(CUDA_BIN_DIR)
  list(APPEND extra -DCUDAToolkit_ROOT=${CUDA_BIN_DIR}/..)
endif()
run_step("configure consumer" ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/cmake
         -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_C_COMPILER=${C_COMPILER} ${extra})
run_step("build consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/cmake)
run_step("run consumer_shared" ${WORK_DIR}/cmake/consumer_shared)
run_step("run consumer_static" ${WORK_DIR}/cmake/consumer_static)

# pkg-config
file(GLOB_RECURSE pc_files ${PREFIX}/gblas.pc)
if(NOT pc_files)
  message(FATAL_ERROR "no gblas.pc installed under ${PREFIX}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
get_filename_component(lib_dir ${pc_dir} DIRECTORY)
find_program(PKG_CONFIG_EXE pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
execute_process(COMMAND ${PKG_CONFIG_EXE} --cflags --libs gblas RESULT_VARIABLE rc
                OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags --libs gblas failed")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
file(MAKE_DIRECTORY ${WORK_DIR}/pkgconfig)
run_step("compile with pkg-config" ${C_COMPILER} ${CONSUMER_DIR}/main.c ${pc_flags}
         -Wl,-rpath,${lib_dir} -o ${WORK_DIR}/pkgconfig/consumer)
run_step("run pkg-config consumer" ${WORK_DIR}/pkgconfig/consumer)
