create or replace procedure export_mixed(p_dir varchar2) as
  l_file utl_file.file_type;
begin
  l_file := utl_file.fopen(p_dir, 'mixed.txt', open_mode => 'w');
  for r in (select text from lines) loop
    utl_file.put_line(l_file, r.text);
  end loop;
  utl_file.fclose(l_file);
end export_mixed;
/
