set serveroutput on
exec app_log.set_level(4)
execute app_log.log(3, 'starting cleanup', 'scripts')
exec for r in (select key from app_config where key like 'tmp%') loop delete from app_config where key = r.key; end loop;
exec if config_pkg.get('maintenance') = 'Y' then dbms_output.put_line('maintenance mode'); end if;
exec begin app_log.log(3, 'done'); commit; end;
