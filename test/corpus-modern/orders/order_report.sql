-- Monthly revenue per customer segment, top three customers per segment
set linesize 200
set pagesize 100
column segment format a20
column revenue format 999,999,990.00

with monthly as (
  select c.segment,
         c.customer_id,
         trunc(o.created_at, 'MM') as month_start,
         sum(l.quantity * l.unit_price) as revenue
    from orders o
    join customers c   on c.customer_id = o.customer_id
    join order_lines l on l.order_id = o.order_id
   where o.created_at >= add_months(trunc(sysdate, 'MM'), -12)
   group by c.segment, c.customer_id, trunc(o.created_at, 'MM')
)
select segment, customer_id, month_start, revenue
  from monthly
qualify rank() over (partition by segment, month_start order by revenue desc) <= 3
 order by segment, month_start, revenue desc;
