create or replace package body version_aware as

  $if dbms_db_version.ver_le_12_1 $then
  c_impl constant varchar2(10) := 'legacy';
  $elsif dbms_db_version.version >= 21 $then
  c_impl constant varchar2(10) := 'modern';
  $else
  c_impl constant varchar2(10) := 'mid';
  $end

  function impl return varchar2 is
  begin
    $if $$debug_on $then
      dbms_output.put_line('impl called in ' || $$plsql_unit || ' line ' || $$plsql_line);
    $end
    return c_impl;
  end impl;

  procedure loop_it is
  begin
    $if dbms_db_version.version >= 21 $then
    for i in 1 .. 10 by 2 loop null; end loop;
    $else
    for i in 1 .. 5 loop null; end loop;
    $end
  end;

  $if not dbms_db_version.ver_le_19 $then
  function json_of (p number) return json is begin return json('{"a":' || p || '}'); end;
  $end

  procedure checks is
  begin
    $if $$plsql_optimize_level < 2 $then
      $error 'compile with optimize level 2 or more, not ' || $$plsql_optimize_level $end
    $end
    null;
  end checks;

end version_aware;
/
alter package version_aware compile plsql_ccflags = 'debug_on:true' reuse settings;
