declare
  type t is table of number index by pls_integer;
  v t := t(1 => 10, 5 => 50);
begin
  for i in reverse indices of v loop null; end loop;
  for x in reverse values of v loop null; end loop;
  for k, x in reverse pairs of v loop null; end loop;
  for i in reverse 1 .. 10 by 2 while i > 3 when i < 9 loop null; end loop;
  for i in indices of v while i < 5 when i > 1 loop null; end loop;
  for i in values of (select level from dual connect by level < 4) loop null; end loop;
  for i pls_integer in indices of v, 100 .. 101 loop null; end loop;
  for i mutable pls_integer in 1 .. 3 loop null; end loop;
  v := t(for i in reverse 1 .. 3 sequence => i);
  v := t(for i in 1 .. 3 index i => i, 10 => 0);
  v := t(1 => 2, others => 0);
  v := t();
end;
/
