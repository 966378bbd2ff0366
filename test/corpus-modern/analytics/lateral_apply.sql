select d.department_name, top_emp.last_name, top_emp.salary
  from departments d,
       lateral (select e.last_name, e.salary
                  from employees e
                 where e.department_id = d.department_id
                 order by e.salary desc
                 fetch first 1 row only) top_emp;
