create or replace package body etl_par as

  function transform (p_cur in sys_refcursor) return t_out_tab
    pipelined parallel_enable (partition p_cur by any)
  is
    l_in t_in_rec;
  begin
    loop
      fetch p_cur into l_in;
      exit when p_cur%notfound;
      pipe row (t_out_rec(l_in.id, upper(l_in.name)));
    end loop;
    close p_cur;
    return;
  end transform;

  function by_hash (p_cur in t_in_cur) return t_out_tab
    pipelined
    parallel_enable (partition p_cur by hash (id, region))
    order p_cur by (id)
  is
    r t_in_rec;
  begin
    loop
      fetch p_cur into r;
      exit when p_cur%notfound;
      pipe row (t_out_rec(r.id, r.name));
    end loop;
    return;
  end;

  function by_range (p_cur t_in_cur) return t_out_tab
    parallel_enable (partition p_cur by range (id)) cluster p_cur by (id, region) pipelined
  is begin return; end;

  function by_value (p_cur t_in_cur) return t_out_tab pipelined parallel_enable (partition p_cur by value (region)) is
  begin
    return;
  end by_value;

  function cached (p_id number) return varchar2 result_cache relies_on (lookup_a, lookup_b) is
    l varchar2(100);
  begin
    select name into l from lookup_a where id = p_id;
    return l;
  end cached;

  function det (x number) return number deterministic is begin return x * 2; end;

  function agg_demo return number is
    l number;
  begin
    select my_median(sal) into l from emp;
    return l;
  end;

end etl_par;
/
create or replace function my_median (x number) return number parallel_enable aggregate using median_impl_t;
/
create or replace function str_agg (p varchar2) return varchar2 aggregate using str_agg_t;
/
select * from table(etl_par.transform(cursor(select id, name from src)));
select * from table(etl_par.by_hash(cursor(select /*+ parallel(s 4) */ * from src s))) t;
select t.* from etl_par.transform(cursor(select id, name from src where id > 10)) t;
