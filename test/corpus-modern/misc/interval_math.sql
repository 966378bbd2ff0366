select order_id,
       shipped_at - created_at as lead_time,
       extract(day from (shipped_at - created_at) day to second) as lead_days,
       numtoyminterval(3, 'MONTH') as quarter,
       interval '2' hour + interval '30' minute as slot
  from orders
 where shipped_at is not null;
