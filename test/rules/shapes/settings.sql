alter session set plsql_optimize_level=0;
create or replace package body tuning as
  type t_ids is table of number;
  procedure load(p_ids in out t_ids, p_doc out clob) is
    l_n number;
  begin
    execute immediate 'alter session set plsql_code_type = ''INTERPRETED''';
    select /*+ gather_plan_statistics */ count(*) into l_n from orders;
    select /*+ full(o) gather_plan_statistics */ count(*) into l_n from orders o;
    select /*+ gather_plan_statistics */ -- after the hint
           count(*) into l_n from order_lines;
    select count(*) into l_n from orders /*+ gather_plan_statistics */;
    select /*+ full(o)
               gather_plan_statistics */ count(*) into l_n from orders o;
  end load;
  procedure load2(p_ids
                  in out t_ids) is
  begin
    null;
  end load2;
end tuning;
/
