create or replace procedure log_line(p_text varchar2) as
  pragma autonomous_transaction;
begin
  insert into app_log (text) values (p_text);
  commit;
end log_line;
/
create or replace procedure export_all(p_out in out nocopy clob) as
  l_file utl_file.file_type;
  cursor c_all is select text from lines;
  type t_texts is table of varchar2(4000);
  l_texts t_texts;
begin
  for r in (select text from lines) loop
    p_out := p_out || r.text;
    l_file := utl_file.fopen('EXPORT_DIR', 'all.txt', 'a', 32767);
    utl_file.put_line(l_file, r.text);
    utl_file.fflush(l_file);
    utl_file.fclose(l_file);
    log_line(r.text);
  end loop;
  open c_all;
  fetch c_all bulk collect into l_texts;
  close c_all;
end export_all;
/
