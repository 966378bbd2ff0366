-- undo usage of the running transactions
select s.sid, s.username, t.used_ublk, t.used_urec, t.start_time
  from v$transaction t
  join v$session s on s.taddr = t.addr
 order by t.used_ublk desc
 fetch first 20 rows only;
