select *
  from (select p.*, row_number() over (partition by category order by price desc) rn
          from products p)
 where rn <= 3;

select category, product_name, price
  from products
qualify dense_rank() over (partition by category order by price desc) = 1;
