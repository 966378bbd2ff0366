set serveroutput on
variable rc refcursor
variable cnt number

exec :cnt := 0
exec open :rc for select key, value from app_config order by key;
print rc

exec select count(*) into :cnt from app_config where is_secret = false;
print cnt

exec declare l_n number; begin select count(*) into l_n from app_config; :cnt := l_n; end;
