select department_id,
       cast(collect(last_name order by last_name) as t_names) as names,
       cardinality(set(cast(collect(job_id) as t_names))) as distinct_jobs
  from employees
 group by department_id;
