create or replace package body compat_util as

  function json_ok return boolean is
  begin
    return $if dbms_db_version.version > 12 or (dbms_db_version.version = 12 and dbms_db_version.release >= 2) $then true $else false $end;
  end json_ok;

  procedure log_call (
    p_module varchar2
    $if $$trace_enabled $then
    , p_trace_id number default null
    $end
  ) is
    l_depth pls_integer := 0 $if $$trace_enabled $then + 1 $end;
  begin
    $if $$trace_enabled $then
      dbms_output.put_line($$plsql_unit_owner || '.' || $$plsql_unit || ' (' || $$plsql_unit_type || ') '
        || p_module || ' ' || p_trace_id);
    $elsif $$verbose $then
      dbms_output.put_line(p_module);
    $else
      null;
    $end
  end log_call;

  $if dbms_db_version.ver_le_19 $then
  function agg (p sys.odcivarchar2list) return varchar2 is
    l varchar2(4000);
  begin
    for i in 1 .. p.count loop l := l || p(i); end loop;
    return l;
  end;
  $else
  function agg (p sys.odcivarchar2list) return varchar2 is
  begin
    return null;
  end;
  $end

  procedure needs_21c is
  begin
    $if dbms_db_version.version < 21 $then
      $error 'needs_21c requires Oracle 21c or later, found ' || dbms_db_version.version $end
    $end
    for i in 1 .. 10 by 2 loop null; end loop;
  end needs_21c;

  function cfg return varchar2
    $if dbms_db_version.version >= 12 $then result_cache $end
  is
  begin
    return 'x';
  end cfg;

end compat_util;
/
