-- Example SQL*Plus install script: commands, DDL and units side by side.
set serveroutput on size unlimited
whenever sqlerror exit failure
prompt Installing billing objects

create table invoices (id number primary key, amount number, tax number, status varchar2(10));
create table discounts (invoice_id number, discount number);

create or replace function get_tax_rate(p_invoice_id in number) return number is
begin
  return 0.2;
end get_tax_rate;
/
show errors

@@billing_pkg.pkb
exec dbms_output.put_line('installed')
