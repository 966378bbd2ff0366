select c.name, o.order_id, l.product_id
  from customers c
  join orders o
    join order_lines l
      on l.order_id = o.order_id
    on o.customer_id = c.customer_id
 where c.segment = 'ENTERPRISE';

select *
  from a
  natural join b
  full outer join c using (id)
  cross join d;
