create or replace package body emp_reports as

  function open_department(p_department_id in number) return sys_refcursor is
    l_cur sys_refcursor;
  begin
    open l_cur for
      select employee_id, last_name, salary
        from employees
       where department_id = p_department_id
       order by salary desc
       offset 0 rows fetch next 20 rows with ties;
    return l_cur;
  end open_department;

  procedure print_department(p_department_id in number) is
    type t_emp is record (employee_id number, last_name varchar2(25), salary number);
  begin
    for r t_emp in values of open_department(p_department_id) loop
      dbms_output.put_line(r.last_name || ' ' || r.salary);
    end loop;
  end print_department;

end emp_reports;
/
