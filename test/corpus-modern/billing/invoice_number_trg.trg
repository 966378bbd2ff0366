create or replace editionable trigger invoices_bi
  before insert on invoices
  for each row
  follows invoices_defaults
begin
  :new.invoice_no := 'INV-' || to_char(sysdate, 'YYYY') || '-' || lpad(invoice_seq.nextval, 6, '0');
end invoices_bi;
/
