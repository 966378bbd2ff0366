create or replace procedure due_dates as
  l_due   date;
  l_ts    timestamp with time zone;
  l_count number;
begin
  select sysdate - interval '1' day into l_due from dual;
  select systimestamp at local into l_ts from dual;
  select systimestamp at time zone sessiontimezone into l_ts from dual;
  select sysdate + interval '1' day due into l_due from dual;
  select l_count + 1 next_count into l_count from dual;
  select trunc(sysdate) today into l_due from dual;
  select trunc(sysdate) day_start into l_due from dual;
  select systimestamp at time zone dbtimezone tz into l_ts from dual;
end due_dates;
/
