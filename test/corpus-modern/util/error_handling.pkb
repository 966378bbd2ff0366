create or replace package body error_handling as

  e_deadlock exception;
  pragma exception_init(e_deadlock, -60);

  procedure with_retry(p_action in varchar2, p_attempts in pls_integer default 3) is
  begin
    for attempt in 1 .. p_attempts loop
      begin
        execute immediate 'begin ' || p_action || '; end;';
        exit;
      exception
        when e_deadlock then
          if attempt = p_attempts then
            raise;
          end if;
          dbms_session.sleep(attempt);
      end;
    end loop;
  end with_retry;

  function describe_last return varchar2 is
  begin
    return sqlerrm || chr(10) || dbms_utility.format_error_backtrace;
  end describe_last;

end error_handling;
/
