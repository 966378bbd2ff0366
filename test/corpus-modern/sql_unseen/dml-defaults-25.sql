-- Column defaults as values, multi-row inserts and 26ai JOIN TO ONE.
insert into invoices (id, customer_id, status, created_at) values (invoices_seq.nextval, 42, default, default);
insert into invoices values (invoices_seq.nextval, 43, default, systimestamp, null);
update invoices set status = default, updated_at = default where id = 7;
update invoices i set (i.status, i.note) = (select 'OPEN', null from dual) where i.id = 8;
update invoices set row = :rec where id = 9;
merge into invoices i
using (select 10 id, 44 customer_id from dual) s
   on (i.id = s.id)
 when matched then update set i.status = default
 when not matched then insert (id, customer_id, status) values (s.id, s.customer_id, default);
insert into (select id, customer_id from invoices where status = 'OPEN') values (11, 45);
insert into invoices (id, customer_id)
  with src as (select level n from dual connect by level <= 3)
  select invoices_seq.nextval, n from src;

select e.last_name, d.department_name, l.city, c.country_name
  from hr.employees e
  join to one (hr.departments d, hr.locations l, hr.countries c)
 where e.salary > 15000;
select s.amount, c.name, p.title
  from sales s
  join to one (left outer join customers c on c.id = s.customer_id,
               products p on p.id = s.product_id)
 order by s.amount desc
 fetch first 20 rows only;
