alter table sales_events add partition p_2026_01 values less than (date '2026-02-01');
alter table sales_events drop partition p_2023_01 update global indexes;

select partition_name, high_value, num_rows
  from user_tab_partitions
 where table_name = 'SALES_EVENTS'
 order by partition_position;

select count(*) from sales_events partition for (date '2025-06-15');
