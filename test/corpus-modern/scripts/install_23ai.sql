set echo on
set feedback on
whenever sqlerror exit failure

prompt Creating the settings table
create table if not exists app_config (
  key        varchar2(128) primary key,
  value      varchar2(4000),
  is_secret  boolean default false not null
);

insert into app_config (key, value)
values ('theme', 'dark'),
       ('page_size', '50'),
       ('currency', 'EUR');

commit;

exec dbms_stats.gather_table_stats(user, 'APP_CONFIG')
exec begin dbms_output.put_line('installed'); end;

select count(*) as settings;
