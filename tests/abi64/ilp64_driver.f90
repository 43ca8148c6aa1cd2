! ilp64_driver.f90: a Fortran program built with -fdefault-integer-8 (every INTEGER 64-bit)
! against libgblas_blas64.so.3, calling the ILP64 BLAS by OpenBLAS's suffixed names (DGEMM_64
! is dgemm_64_). Checks a subset of each level against Fortran's intrinsics, the error exits
! through its own XERBLA_64, and a size of 2**32 (0 in its low 32 bits) that only a 64-bit
! integer carries to the check that refuses it. Exits 1 on a failure. Run on each CPU path by
! scripts/test-blas-ilp64.
module ilp64_errors
  implicit none
  character(len=6) :: last_srname = ''
  integer :: last_info = -1
end module ilp64_errors

subroutine xerbla_64(srname, info)
  use ilp64_errors
  implicit none
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  last_srname = srname
  last_info = info
end subroutine xerbla_64

program ilp64_driver
  use ilp64_errors
  implicit none
  integer, parameter :: n = 37, k = 19
  double precision :: a(n, k), b(k, n), c(n, n), c0(n, n), x(n), y(n), y0(n), t(n, n)
  real :: sa(n, k), sb(k, n), sc(n, n)
  double precision, external :: ddot_64, dnrm2_64
  integer, external :: idamax_64
  integer :: failures = 0, j
  double precision :: eps = epsilon(1d0)

  if (kind(n) /= 8) stop "ilp64_driver: build with -fdefault-integer-8"
  call random_number(a); call random_number(b); call random_number(c0); call random_number(x)
  call random_number(y0); call random_number(t)
  a = a - 0.5d0; b = b - 0.5d0; x = x - 0.5d0

  ! Level 1
  call check(abs(ddot_64(n, x, 1, y0, 1) - dot_product(x, y0)) <= n * eps, "ddot_64")
  call check(abs(dnrm2_64(n, x, 1) - norm2(x)) <= n * eps, "dnrm2_64")
  call check(idamax_64(n, x, 1) == maxloc(abs(x), 1), "idamax_64")
  y = y0
  call daxpy_64(n, 2d0, x, 1, y, 1)
  call check(maxval(abs(y - (y0 + 2 * x))) <= 4 * eps, "daxpy_64")
  ! Level 2: y = 0.5 A^T x(1:n) + 2 y, x with increment -1
  y = y0
  call dgemv_64('T', n, k, 0.5d0, a, n, x, -1, 2d0, y, 1)
  call check(maxval(abs(y(1:k) - (0.5d0 * matmul(x(n:1:-1), a) + 2 * y0(1:k)))) <= 4 * n * eps, &
             "dgemv_64")
  ! Level 3: C = A B - C, in double and single; a triangular solve undone by its product
  c = c0
  call dgemm_64('N', 'N', n, n, k, 1d0, a, n, b, k, -1d0, c, n)
  call check(maxval(abs(c - (matmul(a, b) - c0))) <= 4 * k * eps, "dgemm_64")
  sa = real(a); sb = real(b); sc = real(c0)
  call sgemm_64('N', 'N', n, n, k, 1.0, sa, n, sb, k, -1.0, sc, n)
  call check(maxval(abs(sc - (matmul(sa, sb) - real(c0)))) <= 4 * k * epsilon(1.0), "sgemm_64")
  do j = 1, n
    t(j, j) = t(j, j) + n
  end do
  c = c0
  call dtrsm_64('L', 'U', 'N', 'N', n, n, 1d0, t, n, c, n)
  call dtrmm_64('L', 'U', 'N', 'N', n, n, 1d0, t, n, c, n)
  call check(maxval(abs(c - c0)) <= 16 * n * eps, "dtrsm_64 then dtrmm_64")

  ! Error exits through XERBLA_64: the reference's routine name and position.
  call dgemm_64('X', 'N', n, n, k, 1d0, a, n, b, k, 0d0, c, n)
  call check(last_srname == 'DGEMM' .and. last_info == 1, "dgemm_64 transa = 'X': info 1")
  call dgemm_64('N', 'N', n, n, k, 1d0, a, n - 1, b, k, 0d0, c, n)
  call check(last_srname == 'DGEMM' .and. last_info == 8, "dgemm_64 lda < m: info 8")
  ! m = 2**32 (low 32 bits 0): lda = n < m is refused only if all 64 bits arrive
  last_info = -1
  call dgemv_64('N', 2_8**32, 2, 1d0, a, n, x, 1, 0d0, y, 1)
  call check(last_srname == 'DGEMV' .and. last_info == 6, "dgemv_64 m = 2**32: info 6 (lda)")
  ! incx = 2**32 (low 32 bits 0, which the reference refuses) over one element of x
  last_info = -1
  call dgemv_64('N', n, 1, 1d0, a, n, x, 2_8**32, 0d0, y, 1)
  call check(last_info == -1 .and. maxval(abs(y - a(:, 1) * x(1))) <= eps, &
             "dgemv_64 incx = 2**32 over one element: accepted, y = A(:, 1) x(1)")

  if (failures > 0) then
    print '(i0, a)', failures, " ILP64 Fortran checks failed"
    error stop 1
  end if
  print '(a)', "ILP64 Fortran checks passed"

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      failures = failures + 1
      print '(a)', "FAILED: " // what
    end if
  end subroutine check

end program ilp64_driver
