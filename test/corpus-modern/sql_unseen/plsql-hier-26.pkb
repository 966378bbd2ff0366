create or replace package body org_tree as
  -- Hierarchical and recursive queries in PL/SQL.
  type t_path_tab is table of varchar2(4000) index by pls_integer;

  cursor c_tree (p_root number) is
    select level as depth,
           employee_id,
           manager_id,
           connect_by_root employee_id as root_id,
           sys_connect_by_path(last_name, '/') as path,
           connect_by_isleaf as is_leaf,
           connect_by_iscycle as in_cycle
      from employees
     start with employee_id = p_root
   connect by nocycle prior employee_id = manager_id
     order siblings by last_name nulls last;

  function paths (p_root number) return t_path_tab is
    l_paths t_path_tab;
  begin
    for r in c_tree(p_root) loop
      l_paths(l_paths.count + 1) := r.path;
    end loop;
    return l_paths;
  end paths;

  function depth_of (p_emp number) return pls_integer is
    l_depth pls_integer;
  begin
    with chain (emp_id, mgr_id, depth) as (
      select employee_id, manager_id, 0
        from employees
       where employee_id = p_emp
      union all
      select e.employee_id, e.manager_id, c.depth + 1
        from employees e
        join chain c on e.employee_id = c.mgr_id
    )
    cycle emp_id set is_loop to 'Y' default 'N'
    select max(depth) into l_depth from chain where is_loop = 'N';
    return l_depth;
  end depth_of;

  procedure print_bfs (p_root number) is
  begin
    for r in (
      with sub (id, name, lvl) as (
        select employee_id, last_name, 1 from employees where employee_id = p_root
        union all
        select e.employee_id, e.last_name, s.lvl + 1
          from employees e, sub s
         where e.manager_id = s.id
      )
      search breadth first by name set ord
      select id, name, lvl from sub order by ord
    ) loop
      dbms_output.put_line(rpad(' ', r.lvl * 2) || r.name);
    end loop;
  end print_bfs;

  function managers_of (p_emp number) return varchar2 is
    l_list varchar2(4000);
  begin
    select listagg(last_name, ' < ') within group (order by level)
      into l_list
      from employees
     start with employee_id = p_emp
   connect by employee_id = prior manager_id;
    return l_list;
  end managers_of;

  procedure dates_in_month (p_month date) is
  begin
    for d in (select trunc(p_month, 'MM') + level - 1 as day
                from dual
             connect by level <= extract(day from last_day(p_month))) loop
      null;
    end loop;
  end dates_in_month;
end org_tree;
/
