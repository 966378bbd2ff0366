create or replace package body pipelined_pkg as

  function split_csv(p_text in varchar2, p_sep in varchar2 default ',') return t_strings pipelined is
    l_pos  pls_integer := 1;
    l_next pls_integer;
  begin
    loop
      l_next := instr(p_text, p_sep, l_pos);
      if l_next = 0 then
        pipe row (substr(p_text, l_pos));
        exit;
      end if;
      pipe row (substr(p_text, l_pos, l_next - l_pos));
      l_pos := l_next + length(p_sep);
    end loop;
    return;
  end split_csv;

  function dates_between(p_from in date, p_to in date) return t_dates pipelined parallel_enable is
  begin
    for d in 0 .. p_to - p_from loop
      pipe row (p_from + d);
    end loop;
    return;
  end dates_between;

end pipelined_pkg;
/
