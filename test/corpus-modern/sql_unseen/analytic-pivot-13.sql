-- PIVOT and UNPIVOT.
select *
  from (select department_id, job_id, salary from employees)
 pivot (sum(salary) as total, count(*) as cnt
        for job_id in ('SA_REP' as sales, 'IT_PROG' as it, 'ST_CLERK'))
 order by department_id;

select * from (select yr, qtr, amt from revenue)
 pivot (sum(amt) for (yr, qtr) in ((2024, 1) as y24q1, (2024, 2) as y24q2));

select * from (select cust, product, qty from orders)
 pivot xml (sum(qty) for product in (any));
select * from (select cust, product, qty from orders)
 pivot xml (sum(qty) qty for product in (select distinct product from products));

select *
  from quarterly_sales
 unpivot include nulls (amount for quarter in (q1 as 'Q1', q2 as 'Q2', q3 as 'Q3', q4 as 'Q4'));
select *
  from quarterly_sales
 unpivot exclude nulls ((amount, units) for quarter in ((q1_amt, q1_units) as 1, (q2_amt, q2_units) as 2));
select * from quarterly_sales unpivot (amount for quarter in (q1, q2, q3, q4)) u where u.amount > 0;
select p.* from (select a, b, c from t) pivot (max(c) for b in (1 one, 2 two)) p;
select * from t pivot (avg(v) avg_v, max(v) max_v for k in ('a' a, 'b' b)) where a_avg_v > 1;
select * from (select * from t) pivot (sum(v) for k in (select k from keys));
