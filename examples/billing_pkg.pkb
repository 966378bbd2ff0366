-- Example package body with the costly patterns plsql-perf looks for (see ../shared/seeds/).
create or replace package body billing_pkg as

  procedure rate_invoices is
    l_rate number;
  begin
    for inv in (select id, amount from invoices where status = 'OPEN') loop
      -- a schema-level function called once per row: one library-cache pin per call
      l_rate := get_tax_rate(inv.id);
      begin
        -- a handled exception per iteration: the message file is read every time
        select discount into l_rate from discounts where invoice_id = inv.id;
      exception
        when no_data_found then
          l_rate := 0;
      end;
      update invoices set tax = inv.amount * l_rate where id = inv.id;
    end loop;
  end rate_invoices;

  procedure export_invoices(p_dir in varchar2) is
    l_file utl_file.file_type;
  begin
    l_file := utl_file.fopen(p_dir, 'invoices.csv', 'w', 32767);
    for inv in (select /*+ gather_plan_statistics */ id, amount from invoices) loop
      utl_file.put_line(l_file, inv.id || ',' || inv.amount);
    end loop;
    utl_file.fclose(l_file);
  end export_invoices;

end billing_pkg;
/
