-- 23ai JSON constructors
select json { 'id' : d.department_id, 'name' : d.department_name } as doc
  from departments d;

select json [ 1, 2, 3 ] as arr;

select json { d.* } from departments d where d.department_id = 10;

select json_objectagg(key d.department_name value d.department_id absent on null returning clob) as dept_map
  from departments d;
