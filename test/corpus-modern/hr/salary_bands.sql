select department_id,
       count(*)                                         as staff,
       count(*) filter (where salary > 10000)           as high_earners,
       sum(salary) filter (where job_id like '%MAN')    as manager_payroll,
       listagg(last_name, ', ' on overflow truncate '...' with count)
         within group (order by salary desc)            as names,
       max(salary) keep (dense_rank first order by hire_date) as first_hire_salary
  from employees
 group by department_id
having count(*) > 2
 order by department_id
 fetch first 10 rows only;
