select region, product_line, extract(year from order_date) as yr, sum(amount) as total
  from sales
 group by all
 order by region, product_line, yr;

select region as r, count(*) as n
  from sales
 group by r
having count(*) > 100;

select region, product_line, sum(amount)
  from sales
 group by 1, 2
 order by 1, 2;
