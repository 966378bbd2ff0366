create or replace package body roster_api is

  -- Collections in SQL: TABLE(), CAST(MULTISET()), MEMBER OF, TREAT, object views.
  function names_of (p_dept in number) return name_list is
    l_names name_list;
  begin
    select cast(multiset(select e.last_name
                           from employees e
                          where e.department_id = p_dept
                          order by e.last_name) as name_list)
      into l_names
      from dual;
    return l_names;
  end names_of;

  procedure raise_all (p_ids in id_list, p_pct in number) is
  begin
    update employees e
       set e.salary = e.salary * (1 + p_pct / 100)
     where e.employee_id in (select column_value from table(p_ids));

    update employees e
       set e.salary = e.salary + 1
     where e.employee_id member of p_ids;

    delete from bonuses b
     where b.employee_id not in (select t.column_value from table(cast(p_ids as id_list)) t);
  end raise_all;

  function managers return sys_refcursor is
    l_cur sys_refcursor;
  begin
    open l_cur for
      select treat(value(p) as manager_t).name as name,
             treat(value(p) as manager_t).reports.count() as n
        from persons p
       where value(p) is of type (only manager_t);
    return l_cur;
  end managers;

  procedure load_from_xml (p_doc in xmltype) is
  begin
    insert into employees (employee_id, last_name, salary)
    select x.id, x.name, x.sal
      from xmltable('/staff/person'
                    passing p_doc
                    columns id   number        path '@id',
                            name varchar2(50)  path 'name',
                            sal  number        path 'salary' default 0) x;

    for r in (select x.*
                from xmltable(xmlnamespaces('urn:hr' as "h"), '/h:staff/h:person'
                              passing p_doc
                              columns rn for ordinality,
                                      nm varchar2(50) path 'h:name') x)
    loop
      dbms_output.put_line(r.rn || ' ' || r.nm);
    end loop;
  end load_from_xml;

  function as_xml (p_dept in number) return clob is
    l_x clob;
  begin
    select xmlserialize(document
             xmlelement("dept",
               xmlattributes(d.department_id as "id"),
               xmlagg(xmlelement("emp", xmlforest(e.employee_id as "id", e.last_name as "name"))
                      order by e.last_name))
             as clob indent)
      into l_x
      from departments d join employees e on e.department_id = d.department_id
     where d.department_id = p_dept
     group by d.department_id;
    return l_x;
  end as_xml;

  procedure pipeline_demo is
  begin
    for r in (select * from roster_api.active_rows(p_dept => 10)) loop
      null;
    end loop;
    for r in (select * from table(roster_api.active_rows(20)) where salary > 1000) loop
      null;
    end loop;
    for r in (select d.department_name, x.*
                from departments d,
                     lateral (select count(*) cnt from employees e where e.department_id = d.department_id) x) loop
      null;
    end loop;
    for r in (select d.department_name, x.last_name
                from departments d
                outer apply (select e.last_name
                               from employees e
                              where e.department_id = d.department_id
                              order by e.hire_date
                              fetch first 1 row only) x) loop
      null;
    end loop;
  end pipeline_demo;

end roster_api;
/
