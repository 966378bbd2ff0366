create or replace package body string_util as

  function split(p_text in varchar2, p_sep in varchar2 default ',') return apex_t_varchar2 is
    l_result apex_t_varchar2 := apex_t_varchar2();
  begin
    for r in (select regexp_substr(p_text, '[^' || p_sep || ']+', 1, level) as part
                from dual
             connect by regexp_substr(p_text, '[^' || p_sep || ']+', 1, level) is not null) loop
      l_result.extend;
      l_result(l_result.count) := trim(r.part);
    end loop;
    return l_result;
  end split;

  function join(p_parts in apex_t_varchar2, p_sep in varchar2 default ',') return varchar2 is
    l_text varchar2(32767);
  begin
    select listagg(column_value, p_sep) within group (order by rownum) into l_text from table(p_parts);
    return l_text;
  end join;

  function initcap_words(p_text in varchar2) return varchar2 deterministic is
  begin
    return regexp_replace(initcap(p_text), '(\w)''(\w)', '\1''\2');
  end initcap_words;

end string_util;
/
