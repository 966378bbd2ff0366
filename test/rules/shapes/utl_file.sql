create or replace procedure export_all(p_doc blob) as
  c_line constant pls_integer := 2000;
  l_a utl_file.file_type;
  l_b utl_file.file_type;
  l_c utl_file.file_type;
  l_d utl_file.file_type;
  l_e utl_file.file_type;
  l_f utl_file.file_type;
  l_g utl_file.file_type;
  l_h utl_file.file_type;
  l_big raw(32767);
  l_chunk raw(2000);
  l_amount pls_integer := 8000;
  l_offset pls_integer := 1;

  procedure write_all(p_file in utl_file.file_type) is
  begin
    for r in (select text from lines) loop
      utl_file.put_line(p_file, r.text);
    end loop;
  end;

  procedure write_one(p_file in utl_file.file_type, p_text varchar2) is
  begin
    utl_file.put_line(p_file, p_text);
  end;
begin
  l_a := sys.utl_file.fopen('DIR', 'a.txt', 'w');
  for r in (select text from lines) loop
    utl_file.put_line(l_a, r.text);
  end loop;
  l_a := utl_file.fopen('DIR', 'a.txt', 'a', 32767);
  utl_file.put_line(l_a, 'trailer');
  l_b := utl_file.fopen(location => 'DIR', filename => 'b.txt', open_mode => 'w');
  for r in (select text from lines) loop
    utl_file.put(file => l_b, buffer => r.text);
  end loop;
  l_c := utl_file.fopen('DIR', 'c.txt', 'w', c_line);
  for r in (select text from lines) loop
    utl_file.put_line(l_c, r.text);
  end loop;
  l_d := utl_file.fopen('DIR', 'd.txt', 'w');
  write_all(l_d);
  l_e := utl_file.fopen('DIR', 'e.txt', 'wb', max_linesize => 4000);
  for i in 1 .. 100 loop
    write_one(l_e, to_char(i));
  end loop;
  l_f := utl_file.fopen('DIR', 'f.txt', 'w', 1000);
  for i in 1 .. 100 loop
    write_one(l_f, to_char(i));
  end loop;
  for i in 1 .. 50 loop
    dbms_lob.read(p_doc, l_amount, l_offset, l_chunk);
    utl_file.put_raw(l_e, l_chunk);
    l_offset := l_offset + l_amount;
  end loop;
  for i in 1 .. 50 loop
    l_chunk := dbms_lob.substr(p_doc, 32767, l_offset);
    utl_file.put_raw(l_e, l_chunk);
  end loop;
  for i in 1 .. 50 loop
    l_chunk := dbms_lob.substr(p_doc, 1000, l_offset);
    utl_file.put_raw(l_e, l_chunk);
  end loop;
  l_g := utl_file.fopen('DIR', 'g.txt', 'w', 32767);
  for i in 1 .. 50 loop
    l_big := dbms_lob.substr(p_doc, offset => l_offset);
    utl_file.put_raw(l_g, l_big);
  end loop;
  l_g := utl_file.fopen('DIR', 'g2.txt', 'w');
  for r in (select text from lines) loop
    utl_file.put_line(l_g, buffer => r.text);
  end loop;
  l_h := utl_file.fopen('DIR', 'h.txt', 'w'); for r in (select text from lines) loop utl_file.put_line(l_h, r.text); end loop;
end;
/
