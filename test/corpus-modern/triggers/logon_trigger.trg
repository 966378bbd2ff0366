create or replace trigger app_logon
  after logon on schema
begin
  execute immediate 'alter session set nls_date_format = ''YYYY-MM-DD''';
  dbms_session.set_identifier(sys_context('userenv', 'os_user'));
end;
/
