-- 23ai: table value constructors, SELECT without FROM, BOOLEAN, GROUP BY alias/position.
select 1 + 1;
select sysdate, systimestamp, user;
select 'a' as x, 'b' y;
select * from (values (1, 'one'), (2, 'two'), (3, 'three')) v (n, word);
select v.n, v.word from (values (1, 'one'), (2, 'two')) as v (n, word) where v.n > 1;
with codes (code, label) as (values ('A', 'Active'), ('I', 'Inactive'))
select c.code, c.label from codes c;
insert into status_codes (code, label) values ('A', 'Active'), ('I', 'Inactive'), ('P', 'Pending');
insert into status_codes values ('X', 'Unknown');
select count(*) from employees e join (values (10), (20), (30)) d (dept_id) on d.dept_id = e.department_id;

select true, false, not true, true and false from dual;
select * from tasks where is_done;
select * from tasks where is_done = true and not is_archived;
select * from tasks where is_done is true;
select * from tasks where is_done is not false;
select task_id, is_done or is_archived as closed from tasks;
create table tasks (task_id number, is_done boolean default false not null, is_archived bool);
insert into tasks values (1, true, false);
update tasks set is_done = true where task_id = 1;
select to_boolean('yes'), to_char(true) from dual;

select extract(year from hire_date) as yr, count(*) cnt
  from employees
 group by yr
 order by yr;
select department_id dept, job_id job, sum(salary)
  from employees
 group by 1, 2
 having sum(salary) > 10000
 order by 3 desc;
select department_id, count(*) from employees group by all;
select department_id, job_id, avg(salary) from employees group by all order by 1, 2;

select e.*, row_number() over (partition by department_id order by salary desc) rn
  from employees e
qualify rn <= 3;
select employee_id, salary from employees
 qualify rank() over (order by salary desc) <= 10;
select department_id, count(*) filter (where salary > 5000) rich, count(*) all_emps,
       sum(salary) filter (where job_id like 'SA%') sales_sal
  from employees group by department_id;
select avg(salary) over w, max(salary) over w, min(salary) over (w rows between 1 preceding and 1 following)
  from employees
window w as (partition by department_id order by hire_date);
select employee_id,
       sum(salary) over (order by department_id groups between 1 preceding and current row) s1,
       sum(salary) over (order by hire_date range between interval '30' day preceding and current row exclude current row) s2,
       count(*) over (order by salary rows between unbounded preceding and unbounded following exclude ties) s3,
       count(*) over (order by salary groups unbounded preceding exclude no others) s4,
       count(*) over (order by salary rows 2 preceding exclude group) s5
  from employees;
