create or replace package body greetings as
  c_wave constant varchar2(20) := q'👋hi, it's me👋';
  function banner (p_name varchar2) return varchar2 is
  begin
    return q'😀hello, 😀' || p_name || q'🎉 it's done 🎉' || nq'€costs 5€ (it's cheap)€';
  end banner;
  procedure show is
  begin
    dbms_output.put_line(banner('Ünïcødé') || c_wave); -- 🎉 emoji in a comment
  end show;
end greetings;
/
