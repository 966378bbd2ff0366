create or replace package body dept_roster as
  -- Nested-table columns changed through TABLE(subquery), dictionary queries with keyword aliases.
  procedure add_member (p_dept in number, p_id in number, p_name in varchar2) is
  begin
    insert into table(select d.members from departments_nt d where d.dept_id = p_dept)
    values (member_t(p_id, p_name, default_role => 'STAFF'));
  end add_member;

  procedure rename_member (p_dept in number, p_id in number, p_name in varchar2) is
  begin
    update table(select d.members from departments_nt d where d.dept_id = p_dept) m
       set m.name = p_name
     where m.id = p_id;
  end rename_member;

  procedure remove_member (p_dept in number, p_id in number) is
  begin
    delete from table(select d.members from departments_nt d where d.dept_id = p_dept) m
     where m.id = p_id;
  end remove_member;

  procedure reset_defaults (p_dept in number) is
  begin
    update departments_nt
       set budget = default,
           updated_at = default
     where dept_id = p_dept;
    insert into dept_audit (dept_id, action, at_time) values (p_dept, 'RESET', default);
  end reset_defaults;

  function index_columns (p_table in varchar2) return sys_refcursor is
    l_cur sys_refcursor;
  begin
    open l_cur for
      select i.index_name,
             i.uniqueness,
             listagg(c.column_name, ', ') within group (order by c.column_position) columns
        from user_indexes i
        join user_ind_columns c on c.index_name = i.index_name
       where i.table_name = upper(p_table)
       group by i.index_name, i.uniqueness
       order by columns;
    return l_cur;
  end index_columns;
end dept_roster;
/
