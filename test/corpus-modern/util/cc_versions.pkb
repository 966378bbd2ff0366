create or replace package body cc_versions as

  function db_flavour return varchar2 is
  begin
    $if dbms_db_version.ver_le_19 $then
      return 'pre-21c';
    $elsif dbms_db_version.version = 21 $then
      return '21c';
    $else
      return '23ai or later';
    $end
  end db_flavour;

  procedure check_requirements is
  begin
    $if dbms_db_version.version < 19 $then
      $error 'this package needs Oracle Database 19c or later' $end
    $end
    null;
  end check_requirements;

end cc_versions;
/
