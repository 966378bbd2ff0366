select count(*) from orders sample block (5) seed (42);

select * from orders partition (orders_2024) where status = 'OPEN';

select * from orders partition for (date '2024-06-01') o where o.amount > 1000;

select * from order_lines subpartition (ol_2024_q1_north) fetch first 100 rows only;
