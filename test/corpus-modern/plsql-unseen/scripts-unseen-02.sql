rem install script for the billing schema
whenever oserror exit failure
whenever sqlerror exit sql.sqlcode rollback
set echo on feedback off verify off heading off pagesize 0 linesize 32767 trimspool on long 100000 longchunksize 100000
set sqlblanklines on
set define '^'
set concat off
set timing on
set sqlformat csv
spool install_^1..log append
connect / as sysdba
conn billing/"p@ss"@//dbhost:1521/freepdb1
define app_schema = BILLING
undefine unused_var
accept tbs char prompt 'Tablespace [USERS]: ' default 'USERS'
column dt new_value run_date noprint
select to_char(sysdate, 'YYYYMMDD') dt from dual;
col object_name for a40
break on owner skip 1
compute sum of bytes on owner
ttitle center 'Objects' skip 2
btitle off
var g_id number
variable g_name varchar2(100)
print g_id
timing start load
host echo starting
!ls -l
desc billing.invoices
describe billing.invoice_api
info billing.invoices
alter session set current_schema = ^app_schema;
alter session set plsql_warnings = 'ENABLE:ALL', plsql_optimize_level = 3;
@@types/install_types.sql ^tbs
@ ../common/grants.sql
start views.sql
store set settings.sql replace
exec :g_id := 42
exec :g_name := 'x'; dbms_output.put_line(:g_name);
create or replace procedure billing.touch (p_id number) is begin update invoices set touched = sysdate where id = p_id; end;
/
show errors procedure billing.touch
show err
sho err package body billing.invoice_api
timing stop
clear breaks
clear columns
ttitle off
set define on
spool off
disconnect
exit sql.sqlcode
