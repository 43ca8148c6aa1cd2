! test_module.f90: runs the generated checks of the module gblas (test_module_gen.f90) on the
! CPU backend, and on the CUDA backend when the library has it and a device is usable (else
! reported as skipped). Exits 1 when a check failed.
program test_module
  use, intrinsic :: iso_c_binding
  use gblas
  use module_check
  use module_test_gen
  implicit none
  integer(c_int) :: backends(2) = [GBLAS_BACKEND_CPU, GBLAS_BACKEND_CUDA]
  character(len=4) :: names(2) = ["cpu ", "cuda"]
  type(check_env) :: env
  type(c_ptr) :: h
  character(len=:), allocatable :: detail
  integer :: i, failures

  failures = 0
  do i = 1, 2
    if (gblas_create(h, backends(i)) /= GBLAS_STATUS_SUCCESS) then
      print '(a)', "SKIPPED " // trim(names(i)) // ": " // gblas_last_error(c_null_ptr)
      cycle
    end if
    env = check_env()
    call open_env(env, h)
    call check_all(env)
    call close_env(env)
    detail = gblas_backend_detail(h)
    if (gblas_destroy(h) /= GBLAS_STATUS_SUCCESS) env%failures = env%failures + 1
    print '(a, i0, a, i0, a)', trim(names(i)) // " (" // detail // "): ", &
          env%checks, " checks, ", env%failures, " failed"
    failures = failures + env%failures
  end do
  if (failures > 0) error stop 1
end program test_module
