-- What did the salaries look like an hour ago, and which rows changed since?
select employee_id, salary
  from employees as of timestamp systimestamp - interval '1' hour
 where department_id = 60;

select employee_id, salary, versions_starttime, versions_operation
  from employees versions between timestamp systimestamp - interval '1' day and systimestamp
 where employee_id = 103;
