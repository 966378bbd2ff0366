-- Seed 000, fixed: the same loop calls the package's own function; no library-cache pin per call.
create or replace package pkg_test_calls as
  function by2(x number) return number;
  procedure by2_proc;
end pkg_test_calls;
/
create or replace package body pkg_test_calls as
  function by2(x number) return number is
  begin
    return x * 2;
  end by2;

  procedure by2_proc is
    vx number;
  begin
    for i in 1 .. 1000000 loop
      vx := by2(i);
    end loop;
  end by2_proc;
end pkg_test_calls;
/
