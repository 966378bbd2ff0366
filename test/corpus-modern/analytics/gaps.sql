-- Missing days per sensor, with a partitioned outer join against a calendar
select s.sensor_id, c.day, nvl(r.readings, 0) readings
  from calendar c
  left outer join daily_readings r partition by (r.sensor_id)
    on r.day = c.day
  join sensors s on s.sensor_id = r.sensor_id
 where c.day between date '2024-01-01' and date '2024-03-31'
 order by s.sensor_id, c.day;
