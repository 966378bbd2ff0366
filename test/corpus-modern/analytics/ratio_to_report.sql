select department_id, last_name, salary,
       round(ratio_to_report(salary) over (partition by department_id) * 100, 1) pct_of_dept,
       percentile_cont(0.5) within group (order by salary) over (partition by department_id) median_sal,
       lag(salary, 1, 0) ignore nulls over (partition by department_id order by hire_date) prev_sal,
       first_value(salary) respect nulls over (partition by department_id order by hire_date
                                               rows between unbounded preceding and unbounded following) first_sal
  from employees;
