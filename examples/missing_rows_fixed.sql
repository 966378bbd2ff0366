-- Seed 001, fixed: one query finds the rows that exist; nothing is raised in the loop.
declare
  l_found pls_integer := 0;
begin
  for r in (select object_id from all_objects where object_id between -10000 and -1) loop
    l_found := l_found + 1;
  end loop;
  dbms_output.put_line(l_found || ' found');
exception
  when no_data_found then
    dbms_output.put_line('none');
end;
/
