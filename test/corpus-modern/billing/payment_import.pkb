create or replace package body payment_import as

  procedure load_file(p_dir in varchar2, p_file in varchar2) is
    l_file  utl_file.file_type;
    l_line  varchar2(32767);
    l_count pls_integer := 0;
  begin
    l_file := utl_file.fopen(p_dir, p_file, 'r', 32767);
    loop
      begin
        utl_file.get_line(l_file, l_line);
      exception
        when no_data_found then exit;
      end;
      insert into payments_stage (raw_line, loaded_at) values (l_line, systimestamp);
      l_count := l_count + 1;
    end loop;
    utl_file.fclose(l_file);

    insert into payments (invoice_id, amount, paid_on)
    select to_number(regexp_substr(raw_line, '[^;]+', 1, 1)),
           to_number(regexp_substr(raw_line, '[^;]+', 1, 2) default null on conversion error),
           to_date(regexp_substr(raw_line, '[^;]+', 1, 3) default null on conversion error, 'YYYY-MM-DD')
      from payments_stage
    log errors into err$_payments ('import ' || p_file) reject limit unlimited;
  exception
    when others then
      if utl_file.is_open(l_file) then
        utl_file.fclose(l_file);
      end if;
      raise;
  end load_file;

end payment_import;
/
