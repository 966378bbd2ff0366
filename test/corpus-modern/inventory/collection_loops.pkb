create or replace package body collection_loops as

  type t_names is table of varchar2(100) index by pls_integer;
  type t_prices is table of number index by varchar2(30);

  procedure show(p_names in t_names, p_prices in t_prices) is
  begin
    for i in indices of p_names loop
      dbms_output.put_line(i || ' ' || p_names(i));
    end loop;

    for name in values of p_names loop
      dbms_output.put_line(name);
    end loop;

    for sku, price in pairs of p_prices loop
      dbms_output.put_line(sku || ' costs ' || price);
    end loop;

    for sku varchar2(30), price number in pairs of p_prices loop
      null;
    end loop;
  end show;

  procedure from_query is
  begin
    for name in values of (select last_name from employees where department_id = 10) loop
      dbms_output.put_line(name);
    end loop;
  end from_query;

end collection_loops;
/
