create or replace procedure raise_salary (
  p_emp_id   in  employees.employee_id%type,
  p_pct      in  number default 5,
  p_new_sal  out employees.salary%type,
  p_emp      in out nocopy employees%rowtype
)
authid current_user
accessible by (package hr_api)
is
  l_old    p_new_sal%type;
  l_dept   departments%rowtype;
  l_rec    p_emp%type;
  l_cnt    simple_integer := 0;
  l_flag   boolean not null := false;
  l_big    number(38) := 1e30;
  l_ts     timestamp(6) with local time zone := localtimestamp;
  l_iv     interval year(2) to month := interval '1-6' year to month;
  l_ds     interval day to second := interval '3 04:05:06.7' day to second;
  l_raw    raw(16) := hextoraw('FF');
  l_urow   urowid;
  l_clob   clob := empty_clob();
  l_x      xmltype;
  l_j      json_object_t := json_object_t();
  l_n      natural := 1;
  l_p      positiven := 1;
  l_bf     binary_float := 1.5f;
  l_bd     binary_double := binary_double_infinity;
  l_ch     char(1 char) := 'Y';
  l_nv     nvarchar2(20);
  l_long   long;
  l_lraw   long raw;
  l_dp     double precision;
  l_rc     sys_refcursor;
  cursor c_emp (p_id employees.employee_id%type default null) is
    select e.*, rowid rid from employees e where e.employee_id = nvl(p_id, e.employee_id) for update of e.salary nowait;
  l_row c_emp%rowtype;
begin
  open c_emp(p_emp_id);
  fetch c_emp into l_row;
  if c_emp%found then
    l_old := l_row.salary;
    update employees set salary = salary * (1 + p_pct / 100) where current of c_emp
    returning salary into p_new_sal;
  end if;
  close c_emp;
  l_cnt := sql%rowcount;
  l_x := xmltype('<a/>');
  l_j.put('id', p_emp_id);
end raise_salary;
/

create or replace function f_days (d1 date, d2 date default sysdate) return pls_integer
  deterministic result_cache
as
begin
  return trunc(d2) - trunc(d1);
end f_days;
/

create or replace editionable procedure hr.p_noop sharing=none as begin null; end;
/

create or replace procedure p_default_collation default collation using_nls_comp is
begin
  null;
end;
/
