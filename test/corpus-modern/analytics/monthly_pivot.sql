select *
  from (select region, to_char(order_date, 'MON') mon, amount from sales)
 pivot (sum(amount) for mon in ('JAN' as jan, 'FEB' as feb, 'MAR' as mar))
 order by region;

select *
  from (select region, product, amount from sales)
 pivot xml (sum(amount) as total for product in (any))
 where region = 'EMEA';
