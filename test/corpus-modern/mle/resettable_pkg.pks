create or replace package session_cache resettable as
  g_loaded boolean := false;
  procedure load;
  function get(p_key in varchar2) return varchar2;
end session_cache;
/
