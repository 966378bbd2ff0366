create or replace package body session_cache resettable as

  type t_cache is table of varchar2(4000) index by varchar2(128);
  g_cache t_cache;

  procedure load is
  begin
    for r in (select key, value from app_config) loop
      g_cache(r.key) := r.value;
    end loop;
    g_loaded := true;
  end load;

  function get(p_key in varchar2) return varchar2 is
  begin
    if not g_loaded then
      load;
    end if;
    return case when g_cache.exists(p_key) then g_cache(p_key) end;
  end get;

end session_cache;
/
