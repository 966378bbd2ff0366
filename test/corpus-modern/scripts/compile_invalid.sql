set serveroutput on
begin
  for r in (select object_name, object_type
              from user_objects
             where status = 'INVALID'
               and object_type in ('PACKAGE', 'PACKAGE BODY', 'PROCEDURE', 'FUNCTION', 'TRIGGER', 'VIEW')
             order by decode(object_type, 'PACKAGE', 1, 'VIEW', 2, 'PACKAGE BODY', 3, 4)) loop
    begin
      if r.object_type = 'PACKAGE BODY' then
        execute immediate 'alter package "' || r.object_name || '" compile body';
      else
        execute immediate 'alter ' || r.object_type || ' "' || r.object_name || '" compile';
      end if;
    exception
      when others then
        dbms_output.put_line('still invalid: ' || r.object_type || ' ' || r.object_name);
    end;
  end loop;
end;
/
show errors
