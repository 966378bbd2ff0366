-- 23ai JSON constructors, JSON type and the JSON type literal forms.
select json { 'id' : 1, 'name' : 'Ann', 'tags' : ['a', 'b'] } from dual;
select json { 'dept' : d.department_name, 'emps' : json [ 1, 2, 3 ] } from departments d;
select json [ 1, 'x', null, true ] from dual;
select json { d.* } from departments d;
select json { * } from departments;
select json { 'a' value 1, key 'b' value 2 } from dual;
select json('{"a":1}') j, json('[1,2]' returning json) k from dual;
select json_object('v' value json('{"x":1}')) from dual;
select treat(doc as json) from orders_json;
select treat(o.doc as json).customer.name from orders_json o;
select json_value(json{'a':1}, '$.a') from dual;
select json_query(json['a','b'], '$[1]') from dual;

insert into orders_json (id, doc) values (100, json{'status' : 'NEW', 'items' : json[]});
insert into orders_json (id, doc) values (101, json('{"status":"NEW"}'));

select o.doc.items[0] from orders_json o where json_value(o.doc, '$.status') = 'NEW';

select json_arrayagg(json{'id' : e.employee_id, 'sal' : e.salary} returning json) from employees e;

select e.employee_id,
       json_object('full' value e.first_name || ' ' || e.last_name,
                   'boss' value json_object('id' value m.employee_id, 'nm' value m.last_name)
                   returning json) as doc
  from employees e left join employees m on m.employee_id = e.manager_id;

create table if not exists app_settings (id number primary key, cfg json check (cfg is json object));

select json_schema_valid('{"type":"object"}', '{"a":1}') from dual;
select dbms_json_schema.is_valid(cfg, json('{"type":"object"}')) from app_settings;
