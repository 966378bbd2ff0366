set serveroutput on size unlimited
set define off
whenever sqlerror exit sql.sqlcode rollback
prompt Installing...
exec dbms_output.put_line('start')
execute begin dbms_stats.gather_table_stats(user, 'ORDERS'); end;
column owner format a20
spool install.log
@@tables.sql
drop table if exists tmp_load purge;
create table if not exists tmp_load (
  id number generated always as identity primary key,
  payload json,
  created timestamp default systimestamp
);
insert into tmp_load (payload) values (json('{"a":1}')), (json('{"a":2}'));
select t.payload.a.number() as a from tmp_load t where json_exists(t.payload, '$.a?(@ > 1)');
select 1 + 1;
update tmp_load t set payload = json_transform(payload, set '$.b' = 'x', remove '$.a') where id = 1;
comment on table tmp_load is 'staging';
alter session set nls_date_format = 'DD.MM.YYYY';
spool off
exit
