select * from top_n(employees, 5, columns(salary));

select d.department_name, t.last_name, t.salary
  from departments d,
       lateral (select * from top_n(employees, 3, columns(salary)) e where e.department_id = d.department_id) t;
