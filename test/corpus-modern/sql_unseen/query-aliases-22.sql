-- Aliases that are keywords elsewhere, comments in odd places, mixed case.
select count(*) total, sum(amount) sum, max(amount) max, min(amount) min, avg(amount) avg,
       type, name, value, key, result, status, position, "COMMENT", level lvl, size_kb "Size"
  from (select amount, 'a' type, 'b' name, 1 value, 'k' key, 0 result, 'S' status, 1 position, 'x' "COMMENT", 1 size_kb
          from payments)
 connect by level <= 1
 group by type, name, value, key, result, status, position, "COMMENT", level, size_kb;

select /* leading comment */ e.employee_id -- the key
     , e.last_name /* name */ as name
  from /* table */ employees e -- alias e
 where /* filter */ e.salary > 1000 -- rich
   and e.department_id in (10, /* sales */ 20, 30)
 order /* odd */ by 2;

SeLeCt E.Employee_Id, InItCaP(E.Last_Name) FrOm Employees E WhErE RoWnUm <= 5;

select e.employee_id id, e.salary sal, e.hire_date hired, e.job_id job, e.manager_id mgr,
       e.department_id dept, e.email mail, e.phone_number phone, e.commission_pct comm
  from employees e;

select a.* , b.row_id, b.rowid rid, b.rownum rn from t a, t b;
select t.data, t.timestamp, t.date_col, t.level, t.comment, t.user, t.uid from audit_rows t;
select x.name, x.text, x.source, x.kind, x.mode, x.option, x.role, x.action, x.language from objects x;
select count(*) as "Count", 'x' as "Value", 1 as "select" from dual;
select sysdate as today, systimestamp as now, user as who, uid as id from dual;
select d.dname as department, e.ename as employee, rownum as rank from dept d, emp e where d.deptno = e.deptno;
select first, last, next, prior_id from (select 1 first, 2 last, 3 next, 4 prior_id from dual);
select t.* from (select 1 as limit, 2 as offset, 3 as rows, 4 as row_count from dual) t;
select nulls, ties, only, percent from (select 1 nulls, 2 ties, 3 only, 4 percent from dual);
