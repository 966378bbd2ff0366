select d.department_name,
       cursor(select e.last_name from employees e where e.department_id = d.department_id) as staff
  from departments d
 where d.location_id = 1700;
