create or replace package app_log
  authid definer
as
  subtype t_level is pls_integer range 1 .. 5;
  c_error constant t_level := 1;
  c_warn  constant t_level := 2;
  c_info  constant t_level := 3;
  c_debug constant t_level := 4;

  procedure log(p_level in t_level, p_message in varchar2, p_scope in varchar2 default null);
  procedure error(p_message in varchar2, p_scope in varchar2 default null);
  procedure set_level(p_level in t_level);
end app_log;
/
