-- Seed 002, fixed: the same procedure without hint and trace (tune in a separate session).
alter session set statistics_level = typical;

create or replace procedure monthly_totals_fixed as
  l_total number;
begin
  select sum(amount) into l_total from invoices;
  execute immediate q'[select count(*) from discounts]' into l_total;
end monthly_totals_fixed;
/
