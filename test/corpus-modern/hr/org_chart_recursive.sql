with reports (employee_id, manager_id, last_name, lvl) as (
  select employee_id, manager_id, last_name, 1
    from employees
   where manager_id is null
  union all
  select e.employee_id, e.manager_id, e.last_name, r.lvl + 1
    from employees e
    join reports r on e.manager_id = r.employee_id
)
search depth first by last_name set sort_order
cycle employee_id set is_cycle to 'Y' default 'N'
select lpad(' ', 2 * lvl) || last_name as name, lvl
  from reports
 order by sort_order;
