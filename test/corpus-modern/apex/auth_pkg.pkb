create or replace package body auth_pkg as

  function authenticate(p_username in varchar2, p_password in varchar2) return boolean is
    l_hash app_users.password_hash%type;
    l_salt app_users.salt%type;
  begin
    select password_hash, salt into l_hash, l_salt
      from app_users
     where username = upper(p_username)
       and is_active;
    return l_hash = hash_util.sha256(l_salt || p_password);
  exception
    when no_data_found then
      return false;
  end authenticate;

  function has_role(p_role in varchar2) return boolean is
    l_count pls_integer;
  begin
    select count(*) into l_count
      from app_user_roles r
     where r.username = sys_context('apex$session', 'app_user')
       and r.role_name = p_role;
    return l_count > 0;
  end has_role;

end auth_pkg;
/
