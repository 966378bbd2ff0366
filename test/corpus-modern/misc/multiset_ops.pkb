create or replace package body multiset_ops as

  function common(p_a in t_names, p_b in t_names) return t_names is
  begin
    return p_a multiset intersect distinct p_b;
  end common;

  function all_names(p_a in t_names, p_b in t_names) return t_names is
  begin
    return p_a multiset union p_b;
  end all_names;

  function has(p_list in t_names, p_name in varchar2) return boolean is
  begin
    return p_name member of p_list;
  end has;

end multiset_ops;
/
