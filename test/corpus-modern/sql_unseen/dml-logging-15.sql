-- DML error logging, multitable insert, MERGE with every clause.
insert into emp_target (id, name, sal)
  select employee_id, last_name, salary from employees
  log errors into err$_emp_target ('load ' || to_char(sysdate, 'yyyymmdd')) reject limit unlimited;
insert into emp_target select * from employees log errors reject limit 10;
insert into emp_target values (1, 'x', 2) log errors into err_log;
update emp_target set sal = sal * 2 log errors into err_log ('upd') reject limit 100;
delete from emp_target where sal < 0 log errors;
merge into emp_target t using employees s on (t.id = s.employee_id)
 when matched then update set t.sal = s.salary
 when not matched then insert (id, name, sal) values (s.employee_id, s.last_name, s.salary)
 log errors into err_log reject limit unlimited;

insert all
  into sal_history (id, hire, sal) values (employee_id, hire_date, salary)
  into mgr_history (id, mgr, sal) values (employee_id, manager_id, salary)
select employee_id, hire_date, salary, manager_id from employees where employee_id > 200;

insert all
  when sal > 10000 then into big_earners values (id, sal)
  when sal between 5000 and 10000 then into mid_earners values (id, sal) into audit_log (id) values (id)
  else into small_earners values (id, sal)
select employee_id id, salary sal from employees;

insert first
  when dept = 10 then into dept10 (id) values (id)
  when dept = 20 then into dept20 (id) values (id)
  else into dept_other (id, dept) values (id, dept)
select employee_id id, department_id dept from employees;

insert all
  into t1 (a) values (x)
  into t2 (b) values (y)
with src as (select 1 x, 2 y from dual) select x, y from src;

insert /*+ append */ all into t1 values (1) into t2 values (2) select * from dual;
insert all into t1 values (a) log errors into e1 reject limit 5 select a from s;

merge into customers c
using (select id, name, email, deleted from staging_customers) s
   on (c.id = s.id)
 when matched then
   update set c.name = s.name, c.email = s.email, c.updated_at = systimestamp
    where c.name <> s.name or c.email <> s.email
   delete where s.deleted = 'Y'
 when not matched then
   insert (c.id, c.name, c.email) values (s.id, s.name, s.email)
    where s.deleted = 'N';

merge into t using dual on (t.id = 1)
 when not matched then insert (id) values (1);
merge into t using (select 1 id from dual) s on (t.id = s.id)
 when matched then update set t.cnt = t.cnt + 1;
merge /*+ index(t t_pk) */ into hr.t@link t using s on (t.k = s.k) when matched then update set t.v = s.v;
merge into t partition (p1) x using s on (x.k = s.k) when matched then update set x.v = s.v;
merge into t using s on (t.k = s.k) when not matched then insert values (s.k, s.v);
merge into t using s on (t.k = s.k) when matched then update set t.v = s.v where 1 = 1 delete where t.v is null when not matched then insert (k) values (s.k) where s.k > 0;
merge into t using (values (1, 'a'), (2, 'b')) s (k, v) on (t.k = s.k) when matched then update set t.v = s.v;
