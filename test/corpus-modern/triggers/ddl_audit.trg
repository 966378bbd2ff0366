create or replace trigger ddl_audit
  after ddl on schema
declare
  l_sql ora_name_list_t;
  l_n   pls_integer;
begin
  l_n := ora_sql_txt(l_sql);
  insert into ddl_log (event, object_type, object_name, logged_at)
  values (ora_sysevent, ora_dict_obj_type, ora_dict_obj_name, systimestamp);
end;
/
