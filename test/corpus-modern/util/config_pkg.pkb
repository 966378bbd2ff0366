create or replace package body config_pkg as

  type t_cache is table of app_config.value%type index by app_config.key%type;
  g_cache t_cache;
  g_loaded_at timestamp;

  procedure refresh is
  begin
    g_cache.delete;
    for r in (select key, value from app_config) loop
      g_cache(r.key) := r.value;
    end loop;
    g_loaded_at := systimestamp;
  end refresh;

  function get(p_key in varchar2, p_default in varchar2 default null) return varchar2 is
  begin
    if g_loaded_at is null or g_loaded_at < systimestamp - interval '5' minute then
      refresh;
    end if;
    return case when g_cache.exists(p_key) then g_cache(p_key) else p_default end;
  end get;

  function get_number(p_key in varchar2) return number is
  begin
    return to_number(get(p_key) default null on conversion error);
  end get_number;

begin
  refresh;
end config_pkg;
/
