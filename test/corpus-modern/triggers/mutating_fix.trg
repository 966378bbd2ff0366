create or replace trigger salary_cap
  for update of salary on employees
  compound trigger

  type t_depts is table of boolean index by pls_integer;
  g_depts t_depts;

  after each row is
  begin
    g_depts(:new.department_id) := true;
  end after each row;

  after statement is
    l_max number;
    l_dept pls_integer := g_depts.first;
  begin
    while l_dept is not null loop
      select max(salary) into l_max from employees where department_id = l_dept;
      if l_max > 50000 then
        raise_application_error(-20300, 'salary cap exceeded in department ' || l_dept);
      end if;
      l_dept := g_depts.next(l_dept);
    end loop;
  end after statement;

end salary_cap;
/
