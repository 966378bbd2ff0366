create or replace procedure tune_orders as
  l_n number;
begin
  select /*+ gather_plan_statistics */
         count(*) into l_n from orders;
  select
/*+ gather_plan_statistics */ count(*) into l_n from orders;
  select/*+ gather_plan_statistics */count(*) into l_n from orders;
  select /*+ full(o) gather_plan_statistics*/ count(*) into l_n from orders o;
  execute immediate 'select /*+ leading(o) gather_plan_statistics */ count(*) from orders o' into l_n;
  select/*+ gather_plan_statistics */
         count(*) into l_n from orders;
  select /*+
           gather_plan_statistics */ count(*) into l_n from orders;
  select /*+ gather_plan_statistics */count(*) into l_n from orders;
  select/*+ gather_plan_statistics */ count(*) into l_n from orders;
end tune_orders;
/
