-- Building JSON documents from relational rows: every clause of the SQL/JSON generation functions.
select json_object('id' value e.employee_id,
                   'name' value e.first_name || ' ' || e.last_name,
                   'hired' value e.hire_date
                   null on null
                   returning varchar2(4000)) as emp_doc
  from employees e
 where e.department_id = 50;

select json_object(key 'id' value d.department_id,
                   key 'dept' is d.department_name,
                   'manager' : d.manager_id,
                   'loc' : d.location_id absent on null
                   returning clob pretty)
  from departments d;

SELECT JSON_OBJECT( 'deptno' : d.department_id , 'emps' :
         ( SELECT JSON_ARRAYAGG( JSON_OBJECT( e.employee_id, e.last_name ) ORDER BY e.last_name RETURNING CLOB )
             FROM employees e WHERE e.department_id = d.department_id )
         FORMAT JSON
         RETURNING CLOB STRICT WITH UNIQUE KEYS )
  FROM departments d;

select json_object(* returning json) from departments where rownum < 3;
select json_object(d.* absent on null) from departments d;
select json_object(e.employee_id, e.email, e.phone_number) from employees e;

select json_array(1, 'two', null, 3.5 null on null returning varchar2(200) strict) from dual;
select json_array(e.first_name, e.last_name absent on null returning clob) from employees e;
select json_array(select department_id from departments order by 1) from dual;
select json_array('[1,2]' format json, '{"a":1}' format json returning blob ascii) from dual;

select d.department_name,
       json_arrayagg(e.last_name order by e.hire_date desc nulls last absent on null returning varchar2(32767)) names
  from employees e join departments d on d.department_id = e.department_id
 group by d.department_name;

select json_objectagg(key c.country_id value c.country_name null on null returning clob with unique keys)
  from countries c;

select json_objectagg(c.region_id : count(*)) from countries c group by c.region_id;

select json_objectagg(j.k value j.v format json absent on null returning json)
  from (select to_char(level) k, '{"n":' || level || '}' v from dual connect by level <= 5) j;

select json_serialize(doc returning varchar2(4000) pretty ascii truncate error on error) from orders_json;
select json_serialize(o.doc pretty ordered) from orders_json o;
select json_serialize('{"a":[1,2,3]}' returning clob) from dual;
select json_mergepatch(o.doc, '{"status":"SHIPPED","note":null}' returning clob pretty) from orders_json o;
select json_mergepatch(o.doc, :patch returning varchar2(4000) error on error) from orders_json o where o.id = :id;

select json_object('ts' value systimestamp, 'flag' value true, 'n' value 1 returning json) from dual;
select json_scalar(1) , json_scalar(sysdate), json_scalar('x' returning json) from dual;
