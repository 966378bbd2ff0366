-- Reporting lines from the CEO down, with the path and the depth of each employee
select lpad(' ', 2 * (level - 1)) || e.last_name as employee,
       connect_by_root e.last_name               as top_manager,
       sys_connect_by_path(e.last_name, ' > ')   as chain,
       level                                     as depth,
       connect_by_isleaf                         as is_leaf
  from employees e
 start with e.manager_id is null
connect by nocycle prior e.employee_id = e.manager_id
 order siblings by e.last_name;
