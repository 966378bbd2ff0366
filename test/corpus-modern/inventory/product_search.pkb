create or replace package body product_search as

  function search(p_text in varchar2, p_category in varchar2 default null) return sys_refcursor is
    l_cur sys_refcursor;
    l_sql varchar2(4000) := 'select product_id, name from products where 1 = 1';
  begin
    if p_text is not null then
      l_sql := l_sql || ' and contains(description, :txt) > 0';
    else
      l_sql := l_sql || ' and (1 = 1 or :txt is null)';
    end if;
    if p_category is not null then
      l_sql := l_sql || ' and category = :cat';
    else
      l_sql := l_sql || ' and (1 = 1 or :cat is null)';
    end if;
    open l_cur for l_sql using p_text, p_category;
    return l_cur;
  end search;

end product_search;
/
