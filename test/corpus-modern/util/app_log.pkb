create or replace package body app_log as

  g_level t_level := c_info;

  procedure write(p_level in t_level, p_message in varchar2, p_scope in varchar2) is
    pragma autonomous_transaction;
  begin
    insert into app_log_entries (logged_at, lvl, scope, message, call_stack)
    values (systimestamp, p_level, p_scope, substr(p_message, 1, 4000),
            case when p_level = c_error then dbms_utility.format_error_backtrace end);
    commit;
  end write;

  procedure log(p_level in t_level, p_message in varchar2, p_scope in varchar2 default null) is
  begin
    $if $$app_debug $then
      dbms_output.put_line(p_scope || ': ' || p_message);
    $end
    if p_level <= g_level then
      write(p_level, p_message, coalesce(p_scope, utl_call_stack.concatenate_subprogram(utl_call_stack.subprogram(2))));
    end if;
  end log;

  procedure error(p_message in varchar2, p_scope in varchar2 default null) is
  begin
    log(c_error, p_message || ' ' || sqlerrm, p_scope);
  end error;

  procedure set_level(p_level in t_level) is
  begin
    g_level := p_level;
  end set_level;

end app_log;
/
