alter session set nls_date_format = 'YYYY-MM-DD HH24:MI:SS';
alter session set current_schema = app_owner;
alter session enable parallel dml;
set transaction read write;
