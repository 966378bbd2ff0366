create or replace package body stats as
  subtype t_count is number(10);
  subtype t_text is clob;
  g_calls number := 0;
  procedure tally(p_total in out number, p_rows out integer) is
    l_done t_count := 0;
    l_ratio double precision := 0;
    l_amount number(12, 0);
    l_body t_text;
  begin
    p_rows := 0;
    for r in (select id from orders) loop
      p_total := p_total + 1;
      p_rows := p_rows + 1;
      l_done := 1 + l_done;
      l_ratio := l_ratio + 1;
      l_amount := l_amount - 5;
      g_calls := g_calls + 1;
      stats.g_calls := stats.g_calls + 1;
      l_body := l_body || r.id;
    end loop;
  end;
end stats;
/
