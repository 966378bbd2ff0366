select sysdate;
select 1 + 1 as two, user as who;
select systimestamp at time zone 'UTC' as now_utc;
select case when exists (select 1 from orders where status = 'OPEN') then 'busy' else 'idle' end as state;
