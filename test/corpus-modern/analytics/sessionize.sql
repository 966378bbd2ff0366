select user_id, session_no, min(event_time) session_start, max(event_time) session_end, count(*) events
  from clickstream
match_recognize (
  partition by user_id
  order by event_time
  measures match_number() as session_no
  all rows per match
  pattern (b s*)
  define s as s.event_time - prev(s.event_time) <= interval '30' minute
)
group by user_id, session_no
order by user_id, session_no;
