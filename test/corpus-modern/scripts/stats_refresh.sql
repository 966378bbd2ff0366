set timing on
exec dbms_stats.gather_schema_stats(ownname => user, options => 'GATHER STALE', cascade => true)
exec dbms_stats.gather_table_stats(user, 'ORDERS', method_opt => 'for all columns size auto', degree => 4);

select table_name, num_rows, last_analyzed
  from user_tables
 where last_analyzed < sysdate - 7
 order by last_analyzed nulls first;
