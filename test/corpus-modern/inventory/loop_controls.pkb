create or replace package body loop_controls as

  procedure powers_of_two(p_limit in pls_integer) is
  begin
    for i in 1, repeat i * 2 while i <= p_limit loop
      dbms_output.put_line(i);
    end loop;
  end powers_of_two;

  procedure odd_only is
  begin
    for i in 1 .. 20 when mod(i, 2) = 1 loop
      dbms_output.put_line(i);
    end loop;
  end odd_only;

  procedure mutable_counter is
  begin
    for i mutable pls_integer in 1 .. 10 loop
      if i = 5 then
        i := i + 2;
      end if;
      dbms_output.put_line(i);
    end loop;
  end mutable_counter;

  procedure fixed_values is
  begin
    for code immutable varchar2(3) in 'EUR', 'USD', 'GBP' loop
      dbms_output.put_line(code);
    end loop;
  end fixed_values;

end loop_controls;
/
