-- Seed 002, costly: row-source statistics and trace left on after a tuning session.
alter session set statistics_level = all;

create or replace procedure monthly_totals as
  l_total number;
begin
  dbms_session.set_sql_trace(true);
  select /*+ gather_plan_statistics */ sum(amount) into l_total from invoices;
  execute immediate q'[select /*+ gather_plan_statistics */ count(*) from discounts]' into l_total;
end monthly_totals;
/
