create or replace package body hash_util as

  function sha256(p_text in varchar2) return varchar2 is
  begin
    return rawtohex(dbms_crypto.hash(utl_i18n.string_to_raw(p_text, 'AL32UTF8'), dbms_crypto.hash_sh256));
  end sha256;

  function row_hash(p_table in varchar2, p_id in number) return varchar2 is
    l_hash varchar2(64);
  begin
    execute immediate
      'select standard_hash(json_object(*), ''SHA256'') from ' || dbms_assert.sql_object_name(p_table) || ' where id = :id'
      into l_hash using p_id;
    return l_hash;
  end row_hash;

end hash_util;
/
