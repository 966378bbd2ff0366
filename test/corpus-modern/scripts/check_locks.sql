column sid      format 99999
column username format a20
column object   format a40

select s.sid, s.serial#, s.username, o.owner || '.' || o.object_name as object, l.locked_mode
  from v$locked_object l
  join dba_objects o on o.object_id = l.object_id
  join v$session s   on s.sid = l.session_id
 order by s.sid;
