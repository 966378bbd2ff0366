update employees e
   set e.salary = e.salary * 1.05
  from departments d
 where d.department_id = e.department_id
   and d.department_name = 'IT';

delete employees e
  from departments d
 where d.department_id = e.department_id
   and d.location_id is null;
