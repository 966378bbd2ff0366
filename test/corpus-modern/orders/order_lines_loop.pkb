create or replace package body order_lines_util as

  procedure print_lines(p_order_id in number) is
    type t_qty is table of pls_integer index by pls_integer;
    l_qty t_qty;
  begin
    select quantity
      bulk collect into l_qty
      from order_lines
     where order_id = p_order_id;

    for i, q in pairs of l_qty loop
      dbms_output.put_line('line ' || i || ': ' || q);
    end loop;

    for q in values of l_qty when q > 10 loop
      dbms_output.put_line('bulk line of ' || q);
    end loop;

    for i pls_integer in 1 .. 3, 10 .. 12 by 2 loop
      dbms_output.put_line(i);
    end loop;
  end print_lines;

end order_lines_util;
/
