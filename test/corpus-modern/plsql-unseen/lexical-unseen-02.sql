declare
  l_x#      number:=1;
  l_größe   number := 2;
  "Mixed Case Var" varchar2(10) := 'a';
  l_y$z     pls_integer:=-1;
  n1 number := 1.;
  n2 number := .5;
  n3 number := 1e10;
  n4 number := 1E-10;
  n5 number := 2.5e+3;
  n6 binary_double := 1.5d;
  n7 binary_float := 5.0F;
begin
  for i in 1..10 loop null; end loop;
  for i in reverse 1..l_x# loop null; end loop;
  for i in -3..-1 loop null; end loop;
  l_x#:=l_x#+1;l_y$z:=l_y$z**2;
  if l_x#<>1 and l_x#!=2 and l_x#^=3 and l_x#~=4 then null; end if;
  if l_x#>=1 and l_x#<=9 then "Mixed Case Var":='b'||'c'||"Mixed Case Var"; end if;
  l_x# := l_x# - -1;
  l_x# := +l_x#;
  remote_pkg.do_it@prod_link(1, 'x');
  select count(*) into l_x# from emp@prod_link e, dept@"PROD.WORLD" d;
  l_x# := sys.standard.abs(-1);
  dbms_output.put_line(q'{ }' || 'end');
end;
/
