select key, value
  from app_config
 where key like 'x%'
/
1 select key, value, is_secret
/
