define owner = APP
create or replace package &&owner..cfg_&env._pkg authid &auth as
  c_len constant pls_integer := &len;
  subtype t_name is varchar2(&len);
  g_tab varchar2(30) := '&owner._TAB';
  procedure p;
end cfg_&env._pkg;
/
create or replace package body &owner..cfg_&env._pkg as
  procedure p is
    l_n &owner..nums_t := &owner..nums_t();
  begin
    for i in 1 .. &n loop
      insert into &owner..log_&env (id) values (i);
    end loop;
    select count(*) into c_len from &&owner..&tab_name where x = &1;
    &owner..other_pkg.run(&2, '&3');
  end p;
end;
/
exec &owner..cfg_&env._pkg.p
