with
  function full_name(p_first in varchar2, p_last in varchar2) return varchar2 is
  begin
    return p_first || ' ' || p_last;
  end;
  emps as (select first_name, last_name, department_id from employees)
select full_name(first_name, last_name) as name, department_id
  from emps
 where department_id = 50
/
