-- Seed 001, costly: NO_DATA_FOUND raised and handled 10,000 times inside the loop.
declare
  l_owner all_objects.owner%type;
  l_found pls_integer := 0;
begin
  for i in 1 .. 10000 loop
    begin
      select owner into l_owner from all_objects where object_id = -i;
      l_found := l_found + 1;
    exception
      when no_data_found then
        null;
    end;
  end loop;
  dbms_output.put_line(l_found || ' found');
end;
/
