with monthly as (
  select trunc(order_date, 'MM') as mon,
         region,
         sum(amount) as revenue
    from sales
   where order_date >= date '2024-01-01'
   group by trunc(order_date, 'MM'), region
)
select mon,
       region,
       revenue,
       lag(revenue) over (partition by region order by mon) as prev_revenue,
       round(100 * ratio_to_report(revenue) over (partition by mon), 1) as pct_of_month,
       sum(revenue) over (partition by region order by mon
                          rows between unbounded preceding and current row) as running_total
  from monthly
 order by region, mon;

select *
  from (select region, to_char(order_date, 'Q') as qtr, amount from sales)
 pivot (sum(amount) as amt, count(*) as cnt for qtr in ('1' as q1, '2' as q2, '3' as q3, '4' as q4));

select emp_id, listagg(skill, ', ' on overflow truncate '...' with count) within group (order by skill) skills
  from emp_skills
 group by emp_id;

select department_id,
       max(salary) keep (dense_rank first order by hire_date) as first_hire_salary
  from employees
 group by department_id;

select * from transactions
match_recognize (
  partition by account_id
  order by txn_time
  measures first(txn_time) as start_time, last(txn_time) as end_time, count(*) as n
  one row per match
  after match skip past last row
  pattern (strt down{3,} up+)
  define
    down as amount < prev(amount),
    up   as amount > prev(amount)
) mr;

select e.last_name, d.department_name
  from employees e
  left outer join departments d using (department_id)
 where e.hire_date > sysdate - interval '90' day
 order by 1
 offset 10 rows fetch next 20 rows only;
