create or replace package body bulk_ops is

  type t_ids is table of orders.order_id%type;
  type t_rows is table of orders%rowtype index by pls_integer;

  procedure archive (p_before date) is
    l_ids      t_ids;
    l_statuses sys.odcivarchar2list;
    l_errors   pls_integer;
    e_dml_errors exception;
    pragma exception_init(e_dml_errors, -24381);
    cursor c is select order_id from orders where created < p_before;
  begin
    open c;
    loop
      fetch c bulk collect into l_ids limit 1000;
      exit when l_ids.count = 0;
      begin
        forall i in 1 .. l_ids.count save exceptions
          insert into orders_arch select * from orders where order_id = l_ids(i);
        forall i in indices of l_ids
          delete from orders where order_id = l_ids(i)
          returning status bulk collect into l_statuses;
      exception
        when e_dml_errors then
          l_errors := sql%bulk_exceptions.count;
          for j in 1 .. l_errors loop
            dbms_output.put_line('row ' || sql%bulk_exceptions(j).error_index
              || ': ' || sqlerrm(-sql%bulk_exceptions(j).error_code));
          end loop;
      end;
      dbms_output.put_line(sql%rowcount || ' / ' || sql%bulk_rowcount(1));
    end loop;
    close c;
  end archive;

  procedure reprice (p_pct number) is
    l_ids    t_ids;
    l_totals sys.odcinumberlist;
  begin
    update orders set total = total * (1 + p_pct / 100)
     where status = 'OPEN'
    returning order_id, total bulk collect into l_ids, l_totals;

    forall i in values of l_ids
      update order_lines set price = price * 1.1 where order_id = l_ids(i);

    forall i in l_ids.first .. l_ids.last
      execute immediate 'update orders set flag = 1 where order_id = :1' using l_ids(i);

    forall i in indices of l_ids between 1 and 10
      delete order_notes where order_id = l_ids(i);
  end reprice;

  procedure dynamic (p_table varchar2, p_id in out number) is
    l_name varchar2(100);
    l_cnt  number;
    l_new  number;
    l_rows t_rows;
    rc     sys_refcursor;
  begin
    execute immediate 'select name from ' || dbms_assert.sql_object_name(p_table) || ' where id = :id'
      into l_name using p_id;
    execute immediate 'begin :cnt := pkg.count_for(:id); end;' using out l_cnt, in p_id;
    execute immediate 'begin pkg.bump(:x); end;' using in out p_id;
    execute immediate 'update t set v = v + 1 where id = :id returning v into :v'
      using p_id returning into l_new;
    execute immediate 'delete from t where id = :1 returning v into :2' using p_id return into l_new;
    execute immediate 'select * from orders' bulk collect into l_rows;
    execute immediate 'alter session set nls_sort = binary_ci';
    execute immediate q'[select count(*) from t where name like 'A%']' into l_cnt;
    open rc for 'select * from ' || p_table || ' where id = :1 and flag = :2' using p_id, 'Y';
    fetch rc bulk collect into l_rows limit 100;
    close rc;
    open rc for select cursor(select line_no from order_lines l where l.order_id = o.order_id) lines, o.order_id
      from orders o;
  end dynamic;

  procedure go_to is
    i pls_integer := 0;
  begin
    <<retry>>
    i := i + 1;
    if i < 3 then
      goto retry;
    end if;
    goto done;
    <<done>>
    null;
  end go_to;

end bulk_ops;
/
