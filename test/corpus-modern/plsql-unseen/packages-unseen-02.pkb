create or replace package body app_owner.customer_api as

  g_cache t_customers;

  -- forward declarations
  procedure log_it (p_msg varchar2);
  function normalize (p_name t_name) return t_name;

  function get (p_id in t_id) return t_customer result_cache relies_on (customers)
  is
    l_row t_customer;
  begin
    select customer_id, cust_name, created_at, null
      into l_row
      from customers
     where customer_id = p_id;
    return l_row;
  exception
    when no_data_found then
      raise e_not_found;
    when too_many_rows or value_error then
      log_it('bad data for ' || p_id);
      raise;
  end get;

  function name_of (p_id t_id) return varchar2 deterministic parallel_enable is
  begin
    return get(p_id).name;
  end;

  function legacy (p_id t_id) return varchar2 is begin return name_of(p_id); end legacy;

  procedure save (p_row in out nocopy t_customer, p_commit boolean default true) is
    pragma autonomous_transaction;
  begin
    merge into customers c
    using (select p_row.id id, p_row.name name from dual) s
       on (c.customer_id = s.id)
     when matched then update set c.cust_name = s.name
     when not matched then insert (customer_id, cust_name) values (s.id, s.name);
    if p_commit then commit; else rollback; end if;
  end save;

  procedure list_all (p_cur out sys_refcursor, p_limit in pls_integer := null) is
    l_sql varchar2(4000) := 'select * from customers where rownum <= :lim';
  begin
    if p_limit is null then
      open p_cur for select * from customers order by customer_id;
    else
      open p_cur for l_sql using p_limit;
    end if;
  end list_all;

  function calc_score (p_id t_id) return number is
    pragma udf;
    l_score number := 0;
  begin
    return l_score;
  end calc_score;

  function everything return t_customers pipelined is
  begin
    for r in (select customer_id, cust_name, created_at from customers) loop
      pipe row (t_customer(r.customer_id, r.cust_name, r.created_at, null));
    end loop;
    return;
  end everything;

  function normalize (p_name t_name) return t_name is
    function strip (s varchar2) return varchar2 is
    begin
      return regexp_replace(s, '\s+', ' ');
    end strip;
    procedure check_len (s varchar2) is
    begin
      if length(s) > 100 then raise value_error; end if;
    end;
  begin
    check_len(p_name);
    return initcap(trim(strip(p_name)));
  end normalize;

  procedure log_it (p_msg varchar2) is
    pragma autonomous_transaction;
  begin
    insert into app_log (msg, logged_at) values (substr(p_msg, 1, 4000), systimestamp);
    commit;
  end log_it;

  procedure inline_demo is
    l number;
  begin
    pragma inline (normalize, 'YES');
    l := length(normalize('  a  b '));
    pragma inline (log_it, 'NO');
    log_it('x');
  end inline_demo;

begin
  g_debug := sys_context('userenv', 'module') = 'DEBUG';
exception
  when others then
    g_debug := false;
end customer_api;
/
