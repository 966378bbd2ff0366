select lpad(' ', 2 * (level - 1)) || ename as tree,
       connect_by_root ename as top_boss,
       sys_connect_by_path(ename, '/') as path,
       connect_by_isleaf as is_leaf
  from emp
 start with mgr is null
connect by nocycle prior empno = mgr
 order siblings by ename;

with org (empno, ename, mgr, lvl) as (
  select empno, ename, mgr, 1 from emp where mgr is null
  union all
  select e.empno, e.ename, e.mgr, o.lvl + 1
    from emp e join org o on e.mgr = o.empno
)
search depth first by ename set ord
cycle empno set is_cycle to 'Y' default 'N'
select * from org order by ord;

insert all
  when amount > 1000 then into big_orders (id, amount) values (id, amount)
  when amount <= 1000 then into small_orders (id, amount) values (id, amount)
  else into other_orders (id) values (id)
select id, amount from staging_orders;

select * from orders as of timestamp systimestamp - interval '10' minute where id = 5;
select * from orders sample (10) seed (42);
select * from orders partition (p_2024) o where o.id > 0 for update of o.status skip locked;
