create or replace package body report_iter as

  type t_rec is record (id number, label varchar2(40) := 'n/a', amount number(12,2) default 0);
  type t_recs is table of t_rec;
  cursor c_orders (p_status varchar2) return orders%rowtype is
    select * from orders where status = p_status;

  procedure run (p_cur sys_refcursor) is
    l_rec t_rec;
    rc sys_refcursor;
  begin
    -- cursor variable as the iteration source
    for r t_rec in values of p_cur loop
      dbms_output.put_line(r.label);
    end loop;

    for r c_orders%rowtype in c_orders('OPEN') loop
      null;
    end loop;

    for r in c_orders(p_status => 'SHIPPED') loop
      null;
    end loop;

    open rc for select level id, 'x' || level label, level * 10 amount from dual connect by level <= 5;
    for r t_rec in values of rc loop
      dbms_output.put_line(r.id);
    end loop;

    for i in 1 .. 10 by 2 when i > 3, 20 .. 30 by 5 loop
      null;
    end loop;

    for i in (select count(*) n from dual) loop null; end loop;

    for d date in values of (execute immediate 'select sysdate from dual') loop
      null;
    end loop;
  end run;

  function squares (n pls_integer) return t_recs is
    l t_recs := t_recs();
  begin
    l := t_recs(for i in 1 .. n => t_rec(i, 'sq', i * i));
    return l;
  end squares;

end report_iter;
/
