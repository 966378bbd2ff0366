create or replace package body json_build as

  function department_doc(p_department_id in number) return clob is
    l_doc clob;
  begin
    select json_object(
             'id'        : d.department_id,
             'name'      : d.department_name,
             'employees' : json_arrayagg(
                             json_object(e.employee_id, e.last_name, 'salary' value e.salary format json)
                             order by e.last_name
                             returning clob)
             null on null
             returning clob
             with unique keys)
      into l_doc
      from departments d
      left join employees e on e.department_id = d.department_id
     where d.department_id = p_department_id
     group by d.department_id, d.department_name;
    return l_doc;
  end department_doc;

  function all_columns(p_id in number) return clob is
    l_doc clob;
  begin
    select json_object(* returning clob) into l_doc from departments where department_id = p_id;
    return l_doc;
  end all_columns;

end json_build;
/
