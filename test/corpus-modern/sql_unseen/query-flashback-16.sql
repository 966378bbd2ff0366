-- Flashback queries, listagg, keep, hierarchical queries, recursive WITH.
select * from employees as of timestamp (systimestamp - interval '10' minute) where employee_id = 100;
select * from employees as of timestamp to_timestamp('2024-03-01 10:00:00', 'yyyy-mm-dd hh24:mi:ss') e;
select * from employees as of scn 123456789;
select * from employees as of scn :scn e where e.salary > 0;
select * from employees as of period for valid_time date '2024-01-01';
select versions_startscn, versions_endscn, versions_operation, versions_xid, salary
  from employees versions between scn minvalue and maxvalue
 where employee_id = 100;
select * from employees versions between timestamp systimestamp - interval '1' hour and systimestamp e;
select * from employees versions between timestamp minvalue and maxvalue;
select * from employees versions period for valid_time between date '2024-01-01' and date '2024-12-31';
select * from employees versions period for valid_time between minvalue and maxvalue e;
select * from orders as of timestamp sysdate - 1 o join order_lines as of timestamp sysdate - 1 l on l.oid = o.id;

select department_id,
       listagg(last_name, ', ') within group (order by last_name) names,
       listagg(distinct job_id, ';') within group (order by job_id) jobs,
       listagg(last_name, ',' on overflow truncate '...' with count) within group (order by hire_date) t1,
       listagg(last_name, ',' on overflow truncate without count) within group (order by 1) t2,
       listagg(last_name, ',' on overflow error) within group (order by 1) t3,
       listagg(last_name) within group (order by 1) t4,
       listagg(last_name, ',') t5
  from employees
 group by department_id;
select listagg(last_name, ',') within group (order by salary) over (partition by department_id) from employees;

select department_id,
       min(salary) keep (dense_rank first order by hire_date) first_sal,
       max(salary) keep (dense_rank last order by hire_date desc nulls last, employee_id) last_sal,
       sum(salary) keep (dense_rank first order by commission_pct nulls first) over (partition by job_id) s,
       percentile_cont(0.5) within group (order by salary) med,
       percentile_disc(0.9) within group (order by salary desc) p90,
       rank(5000) within group (order by salary) rk,
       cume_dist(5000, 0.1) within group (order by salary, commission_pct) cd
  from employees
 group by department_id;

select level, lpad(' ', 2 * (level - 1)) || last_name as tree,
       connect_by_root last_name as top_boss,
       sys_connect_by_path(last_name, '/') as path,
       connect_by_isleaf as leaf,
       connect_by_iscycle as cyc,
       prior last_name as boss
  from employees
 start with manager_id is null
connect by nocycle prior employee_id = manager_id
 order siblings by last_name;
select * from employees connect by prior employee_id = manager_id and level <= 3 start with employee_id = 100;
select level from dual connect by level <= 10;
select * from t where x in (select id from t2 start with pid is null connect by pid = prior id);

with org (id, name, mgr, lvl) as (
  select employee_id, last_name, manager_id, 1 from employees where manager_id is null
  union all
  select e.employee_id, e.last_name, e.manager_id, o.lvl + 1
    from employees e join org o on e.manager_id = o.id
)
search depth first by name set ord
cycle id set is_cycle to 'Y' default 'N'
select * from org order by ord;

with r (n) as (select 1 from dual union all select n + 1 from r where n < 10)
search breadth first by n desc set seq
select n from r;
with r (n, p) as (select 1, 0 from dual union all select n + 1, n from r where n < 5)
cycle n set c to 1 default 0
select * from r;
with a as (select 1 x from dual), b as (select x + 1 y from a) select * from a, b;
with a as (select /*+ materialize */ 1 x from dual) select * from a;
