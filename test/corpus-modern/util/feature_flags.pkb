create or replace package body feature_flags as

  function enabled(p_flag in varchar2, p_user in varchar2 default sys_context('userenv', 'session_user')) return boolean is
    l_enabled boolean;
  begin
    select f.enabled and (f.users is null or json_exists(f.users, '$[*]?(@ == $u)' passing p_user as "u"))
      into l_enabled
      from feature_flag_defs f
     where f.name = p_flag;
    return l_enabled;
  exception
    when no_data_found then
      return false;
  end enabled;

end feature_flags;
/
