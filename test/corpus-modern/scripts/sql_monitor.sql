set long 1000000 longchunksize 1000000 linesize 250 pagesize 0

select dbms_sql_monitor.report_sql_monitor(sql_id => '&sql_id', type => 'TEXT', report_level => 'ALL') as report
  from dual;
