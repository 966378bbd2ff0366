select employee_id,
       department_id,
       salary,
       avg(salary) over w                                         as dept_avg,
       sum(salary) over (w rows between unbounded preceding and current row) as running_total,
       count(*) over (order by hire_date groups between 1 preceding and 1 following exclude current row) as peers
  from employees
window w as (partition by department_id order by hire_date)
 order by department_id, hire_date;
