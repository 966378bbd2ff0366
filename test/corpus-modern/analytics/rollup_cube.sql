select region, product_line, sum(amount) total,
       grouping(region) g_region, grouping_id(region, product_line) gid
  from sales
 group by rollup (region, product_line);

select channel, region, sum(amount)
  from sales
 group by grouping sets ((channel, region), (channel), ());
