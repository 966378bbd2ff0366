set linesize 220 -
    pagesize 50 -
    trimspool on
column key   format a30 -
             heading 'Setting'
column value format a60 -
             heading 'Value'
ttitle center 'Application settings' -
       skip 2

select key, value from app_config order by key;

ttitle off
