create or replace package emp_api
  authid current_user
as
  type t_emp_ids is table of employees.employee_id%type;

  procedure hire(p_first_name  in employees.first_name%type,
                 p_last_name   in employees.last_name%type,
                 p_email       in employees.email%type,
                 p_job_id      in employees.job_id%type,
                 p_salary      in employees.salary%type default null,
                 p_employee_id out employees.employee_id%type);
  procedure raise_salary(p_ids in t_emp_ids, p_pct in number);
  function headcount(p_department_id in number) return pls_integer;
end emp_api;
/
