create or replace package body credit_notes as

  procedure issue(p_invoice_id in number, p_amount in number) is
    l_rec credit_notes_tab%rowtype;
  begin
    l_rec := credit_notes_tab_row(invoice_id => p_invoice_id, amount => p_amount, issued_at => systimestamp);
    insert into credit_notes_tab values l_rec;
  end issue;

  procedure reverse_all(p_invoice_id in number) is
  begin
    for r in (select credit_note_id from credit_notes_tab where invoice_id = p_invoice_id for update) loop
      update credit_notes_tab set reversed = true where credit_note_id = r.credit_note_id;
    end loop;
  end reverse_all;

end credit_notes;
/
