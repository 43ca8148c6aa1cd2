! module_check.f90: what the generated tests of the module gblas (test_module_gen.f90) run on: a
! handle, a buffer of backend memory cut into regions (one per operand) and slots for scalars in
! device pointer mode, and checks that count failures and say what failed.
module module_check
  use, intrinsic :: iso_c_binding
  use gblas
  implicit none
  private
  public :: check_env, open_env, close_env, set_mode, region, slot, put_slot, get_slot, fill, &
            point_array, snapshot, expect, same_bytes, changed

  integer(c_size_t), parameter :: REGION_BYTES = 512, REGIONS = 16, SLOT_BYTES = 128, SLOTS = 8

  type :: check_env
    type(c_ptr) :: h = c_null_ptr
    type(c_ptr) :: data = c_null_ptr   ! REGIONS x REGION_BYTES of backend memory
    type(c_ptr) :: slots = c_null_ptr  ! SLOTS x SLOT_BYTES of backend memory
    integer :: failures = 0, checks = 0
  end type check_env

contains

  subroutine open_env(env, h)
    type(check_env), intent(inout) :: env
    type(c_ptr), intent(in) :: h
    env%h = h
    call expect(env, gblas_malloc(h, env%data, REGIONS * REGION_BYTES), GBLAS_STATUS_SUCCESS, h, "")
    call expect(env, gblas_malloc(h, env%slots, SLOTS * SLOT_BYTES), GBLAS_STATUS_SUCCESS, h, "")
  end subroutine open_env

  subroutine close_env(env)
    type(check_env), intent(inout) :: env
    call expect(env, gblas_free(env%h, env%data), GBLAS_STATUS_SUCCESS, env%h, "")
    call expect(env, gblas_free(env%h, env%slots), GBLAS_STATUS_SUCCESS, env%h, "")
  end subroutine close_env

  subroutine set_mode(env, mode)
    type(check_env), intent(inout) :: env
    integer(c_int), intent(in) :: mode
    call expect(env, gblas_set_pointer_mode(env%h, mode), GBLAS_STATUS_SUCCESS, env%h, "")
  end subroutine set_mode

  ! The backend address of region i (from 0) or scalar slot i.
  type(c_ptr) function region(env, i)
    type(check_env), intent(in) :: env
    integer, intent(in) :: i
    region = offset(env%data, i * REGION_BYTES)
  end function region

  type(c_ptr) function slot(env, i)
    type(check_env), intent(in) :: env
    integer, intent(in) :: i
    slot = offset(env%slots, i * SLOT_BYTES)
  end function slot

  type(c_ptr) function offset(p, bytes)
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: bytes
    integer(c_int8_t), pointer :: base(:)
    ! address arithmetic through a byte view (the memory is never read through it)
    call c_f_pointer(p, base, [bytes + 1])
    offset = c_loc(base(bytes + 1))
  end function offset

  subroutine put_slot(env, i, bytes)
    type(check_env), intent(inout) :: env
    integer, intent(in) :: i
    integer(c_int8_t), intent(in) :: bytes(:)
    call expect(env, gblas_set_vector(env%h, size(bytes, kind=c_int64_t), 1_c_size_t, bytes, &
                1_c_int64_t, slot(env, i), 1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
  end subroutine put_slot

  function get_slot(env, i, n) result(bytes)
    type(check_env), intent(inout) :: env
    integer, intent(in) :: i, n
    integer(c_int8_t) :: bytes(n)
    call expect(env, gblas_get_vector(env%h, int(n, c_int64_t), 1_c_size_t, slot(env, i), &
                1_c_int64_t, bytes, 1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
  end function get_slot

  ! Every region filled with values in [-1, 1) of the routine's real kind (real_bytes 4: float,
  ! 8: double; a complex element is two of them), the same sequence on every call.
  subroutine fill(env, real_bytes)
    type(check_env), intent(inout) :: env
    integer, intent(in) :: real_bytes
    integer(c_int64_t), parameter :: n4 = REGIONS * REGION_BYTES / 4, n8 = REGIONS * REGION_BYTES / 8
    real(c_float) :: f(n4)
    real(c_double) :: d(n8)
    integer :: i
    do i = 1, int(n4)
      f(i) = real(modulo(0.6180339887_c_double * i, 2.0_c_double) - 1, c_float)
    end do
    d = f(1:n8)
    if (real_bytes == 4) then
      call expect(env, gblas_set_vector(env%h, n4, 4_c_size_t, f, 1_c_int64_t, env%data, &
                  1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
    else
      call expect(env, gblas_set_vector(env%h, n8, 8_c_size_t, d, 1_c_int64_t, env%data, &
                  1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
    end if
  end subroutine fill

  ! Region `array` holds count pointers to the regions from `first` on (a batch's matrices).
  subroutine point_array(env, array, first, count)
    type(check_env), intent(inout) :: env
    integer, intent(in) :: array, first
    integer(c_int64_t), intent(in) :: count
    type(c_ptr) :: members(count)
    integer :: i
    do i = 1, int(count)
      members(i) = region(env, first + i - 1)
    end do
    call expect(env, gblas_set_vector(env%h, count, c_sizeof(c_null_ptr), members, 1_c_int64_t, &
                region(env, array), 1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
  end subroutine point_array

  ! The bytes of every region.
  function snapshot(env) result(bytes)
    type(check_env), intent(inout) :: env
    integer(c_int8_t) :: bytes(REGIONS * REGION_BYTES)
    call expect(env, gblas_get_vector(env%h, REGIONS * REGION_BYTES, 1_c_size_t, env%data, &
                1_c_int64_t, bytes, 1_c_int64_t), GBLAS_STATUS_SUCCESS, env%h, "")
  end function snapshot

  ! stat is want, and gblas_last_error(h) is message (not checked for SUCCESS).
  subroutine expect(env, stat, want, h, message)
    type(check_env), intent(inout) :: env
    integer(c_int), intent(in) :: stat, want
    type(c_ptr), intent(in) :: h
    character(len=*), intent(in) :: message
    character(len=:), allocatable :: got
    env%checks = env%checks + 1
    got = gblas_last_error(h)
    if (stat /= want) then
      env%failures = env%failures + 1
      print '(a)', "FAILED: status " // gblas_status_name(stat) // ", expected " // &
            gblas_status_name(want) // " (" // message // "); last error: " // got
    else if (want /= GBLAS_STATUS_SUCCESS .and. got /= message) then
      env%failures = env%failures + 1
      print '(a)', "FAILED: message '" // got // "', expected '" // message // "'"
    end if
  end subroutine expect

  subroutine same_bytes(env, a, b, what)
    type(check_env), intent(inout) :: env
    integer(c_int8_t), intent(in) :: a(:), b(:)
    character(len=*), intent(in) :: what
    env%checks = env%checks + 1
    if (size(a) /= size(b)) then
      env%failures = env%failures + 1
      print '(a)', "FAILED: " // what // ": sizes differ"
    else if (any(a /= b)) then
      env%failures = env%failures + 1
      print '(a, i0, a)', "FAILED: " // what // ": ", count(a /= b), " bytes differ"
    end if
  end subroutine same_bytes

  subroutine changed(env, before, after, what)
    type(check_env), intent(inout) :: env
    integer(c_int8_t), intent(in) :: before(:), after(:)
    character(len=*), intent(in) :: what
    env%checks = env%checks + 1
    if (all(before == after)) then
      env%failures = env%failures + 1
      print '(a)', "FAILED: " // what // ": the valid call changed nothing"
    end if
  end subroutine changed

end module module_check
