select time_bucket(sale_ts, 'PT1H', timestamp '2025-01-01 00:00:00', start) as bucket,
       count(*) as sales
  from sales_events
 group by time_bucket(sale_ts, 'PT1H', timestamp '2025-01-01 00:00:00', start)
 order by bucket;
