! 01_conjugate_gradient.f90: the Fortran version of 01_conjugate_gradient.c, through the module
! gblas. Solves A x = b by conjugate gradients with the matrix and every vector resident in
! backend memory (device memory on the GPU): one upload of A and b, then GEMV, DOT, AXPY, SCAL
! and COPY calls on type(c_ptr) operands, one download of x; only the recurrence's scalars cross
! to the host. A is the C example's dense SPD matrix. Usage: 01_conjugate_gradient_f [n] [cpu|cuda]
! (default: the AUTO backend, CUDA when a GPU is usable). Exits 1 unless ||b - A x|| / ||b|| < 1e-8.
program conjugate_gradient
  use, intrinsic :: iso_c_binding
  use gblas
  implicit none
  integer(c_int64_t) :: n = 2048, i, j, d
  integer(c_int) :: backend = GBLAS_BACKEND_AUTO
  integer(c_int64_t), parameter :: one_inc = 1
  integer(c_size_t), parameter :: elem = c_sizeof(1.0_c_double)
  character(len=16) :: arg
  type(c_ptr) :: h, dA, db, dx, dr, dp, dq
  real(c_double), allocatable :: A(:, :), b(:), x(:)
  real(c_double) :: rr, rr_new, pq, alpha, minus_alpha, beta, bnorm, res
  real(c_double), parameter :: zero = 0, one = 1, minus_one = -1, tol = 1e-10_c_double
  integer :: iters, calls

  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    backend = merge(GBLAS_BACKEND_CUDA, GBLAS_BACKEND_CPU, arg == "cuda")
  end if
  call check(gblas_create(h, backend), "gblas_create")
  print '(a, i0, a)', "conjugate gradient (Fortran), n = ", n, ", backend " // gblas_backend_detail(h)

  ! Host data: A(i, j) = 2.001 on the diagonal, -1 beside it, plus 1e-3 / (1 + |i - j|).
  allocate(A(n, n), b(n), x(n))
  do j = 1, n
    do i = 1, n
      d = abs(i - j)
      A(i, j) = merge(2.001_c_double, merge(-1.0_c_double, 0.0_c_double, d == 1), d == 0) &
                + 1e-3_c_double / (1 + d)
    end do
  end do
  do i = 1, n
    b(i) = sin(0.01_c_double * (i - 1)) + 1
  end do

  call check(gblas_malloc(h, dA, elem * n * n), "gblas_malloc A")
  call check(gblas_malloc(h, db, elem * n), "gblas_malloc b")
  call check(gblas_malloc(h, dx, elem * n), "gblas_malloc x")
  call check(gblas_malloc(h, dr, elem * n), "gblas_malloc r")
  call check(gblas_malloc(h, dp, elem * n), "gblas_malloc p")
  call check(gblas_malloc(h, dq, elem * n), "gblas_malloc q")
  call check(gblas_set_matrix(h, n, n, elem, A, n, dA, n), "gblas_set_matrix")
  call check(gblas_set_vector(h, n, elem, b, one_inc, db, one_inc), "gblas_set_vector")

  ! x = 0, r = b, p = r
  call check(gblas_dscal(h, n, zero, dx, one_inc), "dscal")
  call check(gblas_dcopy(h, n, db, one_inc, dr, one_inc), "dcopy")
  call check(gblas_dcopy(h, n, dr, one_inc, dp, one_inc), "dcopy")
  call check(gblas_ddot(h, n, dr, one_inc, dr, one_inc, rr), "ddot")
  call check(gblas_dnrm2(h, n, db, one_inc, bnorm), "dnrm2")
  iters = 0
  calls = 5
  do while (iters < 10 * n .and. sqrt(rr) > tol * bnorm)
    call check(gblas_dgemv(h, GBLAS_OP_N, n, n, one, dA, n, dp, one_inc, zero, dq, one_inc), &
               "dgemv")                                                    ! q = A p
    call check(gblas_ddot(h, n, dp, one_inc, dq, one_inc, pq), "ddot")
    alpha = rr / pq
    minus_alpha = -alpha
    call check(gblas_daxpy(h, n, alpha, dp, one_inc, dx, one_inc), "daxpy")       ! x += a p
    call check(gblas_daxpy(h, n, minus_alpha, dq, one_inc, dr, one_inc), "daxpy") ! r -= a q
    call check(gblas_ddot(h, n, dr, one_inc, dr, one_inc, rr_new), "ddot")
    beta = rr_new / rr
    call check(gblas_dscal(h, n, beta, dp, one_inc), "dscal")                     ! p = r + beta p
    call check(gblas_daxpy(h, n, one, dr, one_inc, dp, one_inc), "daxpy")
    rr = rr_new
    iters = iters + 1
    calls = calls + 7
  end do
  ! The true residual, computed on the backend: r = b - A x.
  call check(gblas_dcopy(h, n, db, one_inc, dr, one_inc), "dcopy")
  call check(gblas_dgemv(h, GBLAS_OP_N, n, n, minus_one, dA, n, dx, one_inc, one, dr, one_inc), &
             "dgemv")
  call check(gblas_dnrm2(h, n, dr, one_inc, res), "dnrm2")
  call check(gblas_synchronize(h), "gblas_synchronize")
  call check(gblas_get_vector(h, n, elem, dx, one_inc, x, one_inc), "gblas_get_vector")

  print '(a, i0, a, i0, a)', "iterations ", iters, ", ", calls + 3, " BLAS calls on resident data"
  print '(a, es10.3, a, es10.3, a)', "relative residual ||b - A x|| / ||b|| = ", res / bnorm, &
        " (recurrence ", sqrt(rr) / bnorm, ")"
  print '(a, es10.3)', "x(1) = ", x(1)
  call check(gblas_free(h, dA), "gblas_free")
  call check(gblas_free(h, db), "gblas_free")
  call check(gblas_free(h, dx), "gblas_free")
  call check(gblas_free(h, dr), "gblas_free")
  call check(gblas_free(h, dp), "gblas_free")
  call check(gblas_free(h, dq), "gblas_free")
  call check(gblas_destroy(h), "gblas_destroy")
  if (res / bnorm < 1e-8_c_double) then
    print '(a)', "converged"
  else
    print '(a)', "NOT converged"
    error stop 1
  end if

contains

  subroutine check(stat, what)
    integer(c_int), intent(in) :: stat
    character(len=*), intent(in) :: what
    if (stat /= GBLAS_STATUS_SUCCESS) then
      print '(a)', what // " failed: " // gblas_status_name(stat) // " (" // gblas_last_error(h) // ")"
      error stop 1
    end if
  end subroutine check

end program conjugate_gradient
