select *
  from (select department_id, job_id, salary from employees)
 pivot (sum(salary) as total, count(*) as cnt
        for job_id in ('IT_PROG' as it, 'SA_REP' as sales, 'ST_CLERK' as clerk))
 order by department_id;
