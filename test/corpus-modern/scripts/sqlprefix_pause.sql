set pause on
update app_config
   set value = upper(value)
#pause
 where key = 'currency';

select key, value
  from app_config
 where key like 'c%'
@print_buffer
