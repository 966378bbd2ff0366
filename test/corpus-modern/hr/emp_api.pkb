create or replace package body emp_api as

  procedure hire(p_first_name  in employees.first_name%type,
                 p_last_name   in employees.last_name%type,
                 p_email       in employees.email%type,
                 p_job_id      in employees.job_id%type,
                 p_salary      in employees.salary%type default null,
                 p_employee_id out employees.employee_id%type) is
  begin
    insert into employees (first_name, last_name, email, job_id, salary, hire_date)
    values (p_first_name, p_last_name, lower(p_email), p_job_id,
            coalesce(p_salary, (select min_salary from jobs where job_id = p_job_id)), sysdate)
    returning employee_id into p_employee_id;
  end hire;

  procedure raise_salary(p_ids in t_emp_ids, p_pct in number) is
  begin
    forall i in 1 .. p_ids.count
      update employees
         set salary = salary * (1 + p_pct / 100)
       where employee_id = p_ids(i)
      log errors into err$_employees reject limit 10;
  end raise_salary;

  function headcount(p_department_id in number) return pls_integer is
    l_count pls_integer;
  begin
    select count(*) into l_count from employees where department_id = p_department_id;
    return l_count;
  end headcount;

end emp_api;
/
