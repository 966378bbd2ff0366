begin
  dbms_scheduler.create_job(
    job_name        => 'BILLING_REMINDERS',
    job_type        => 'PLSQL_BLOCK',
    job_action      => q'[begin invoice_api.send_reminders(p_days_overdue => 7); end;]',
    start_date      => systimestamp,
    repeat_interval => 'FREQ=DAILY;BYHOUR=6',
    enabled         => true);
end;
/
