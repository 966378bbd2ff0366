-- Row limiting, lateral, apply, joins, partition-extended names, table functions.
select * from employees order by salary desc fetch first 10 rows only;
select * from employees order by salary desc fetch first 5 percent rows with ties;
select * from employees order by hire_date offset 20 rows fetch next 10 rows only;
select * from employees offset 5 rows;
select * from employees order by 1 fetch next row only;
select * from employees order by 1 fetch first :n rows only;
select * from employees fetch first 1 row with ties;
select * from employees order by 1 offset :skip row fetch first (:n * 2) rows only;

select d.department_name, e.last_name
  from departments d,
       lateral (select last_name from employees x where x.department_id = d.department_id
                order by salary desc fetch first 1 row only) e;
select d.department_name, e.*
  from departments d cross apply (select count(*) c from employees x where x.department_id = d.department_id) e;
select d.department_name, e.*
  from departments d outer apply (select * from employees x where x.department_id = d.department_id) e;
select d.department_name, t.column_value
  from departments d cross apply table(split_csv(d.tags)) t;

select e.last_name, d.department_name, l.city
  from employees e
  join departments d
  join locations l on l.location_id = d.location_id
    on d.department_id = e.department_id;
select * from employees e left join departments d left join locations l using (location_id) on d.department_id = e.department_id;
select * from employees natural join departments;
select * from employees natural left outer join departments;
select * from employees e inner join departments d using (department_id);
select * from employees e full outer join departments d on e.department_id = d.department_id;
select * from employees e right outer join departments d on (e.department_id = d.department_id and d.location_id = 1700);
select * from employees e cross join departments d;
select * from (employees e join departments d on e.department_id = d.department_id) join locations l on l.location_id = d.location_id;

select * from sales partition (sales_q1_2024) s;
select * from sales partition for (date '2024-02-01');
select * from sales subpartition (sales_q1_2024_east);
select * from sales subpartition for (date '2024-01-01', 'EAST') s where s.amt > 0;
select * from sales@remote_db partition (p1);
select * from hr.employees@hq e;
delete from sales partition (sales_q1_2020);
update sales partition for (date '2024-01-01') set amt = 0;
insert into sales partition (p_2024) (id, amt) values (1, 2);

select * from emp_pkg.get_rows(10);
select r.* from emp_pkg.get_rows(p_dept => 10) r;
select * from table(emp_pkg.get_rows(10)) r;
select * from table(sys.odcinumberlist(1, 2, 3));
select column_value from table(:coll);
select * from my_schema.my_ptf(employees, columns(salary, hire_date));
select * from emp_pkg.get_rows(10) where col1 > 3;

select t.*, d.*
  from time_dim t left outer join sales s partition by (s.product_id) on (s.time_id = t.time_id)
  join products d on d.id = s.product_id;
select * from sales s partition by (product_id) right outer join times t on s.time_id = t.time_id;

select * from employees sample (10);
select * from employees sample block (5) seed (42);
select * from employees sample (0.5) seed (1) e where e.salary > 0;
