create or replace package rates as
  function get_rate(p_cur varchar2) return number;
end;
/
create or replace package body rates as
  function lookup(p_cur varchar2) return number is
    l number;
  begin
    select rate into l from fx where cur = p_cur;
    return l;
  end;
  function get_rate(p_cur varchar2) return number is
  begin
    return lookup(p_cur);
  end;
end;
/
