select t.column_value as n
  from table(number_list(1, 2, 3)) t;

select * from table(pipelined_pkg.split_csv('a,b,c'));

select x.* from pipelined_pkg.dates_between(date '2024-01-01', date '2024-01-31') x;

select * from employees e cross apply (select * from table(pipelined_pkg.split_csv(e.skills))) s;

select * from employees e outer apply (select max(start_date) last_move from job_history j where j.employee_id = e.employee_id) m;
