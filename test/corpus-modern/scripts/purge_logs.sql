define keep_days = 30
set verify off

delete from app_log_entries
 where logged_at < systimestamp - numtodsinterval(&keep_days, 'DAY');

prompt &keep_days days of log entries kept
commit;
