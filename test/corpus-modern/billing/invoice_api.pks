create or replace package invoice_api as
  e_already_paid exception;
  pragma exception_init(e_already_paid, -20101);

  type t_invoice_ids is table of invoices.invoice_id%type index by pls_integer;

  function create_invoice(p_order_id in number) return invoices.invoice_id%type;
  procedure mark_paid(p_invoice_id in number, p_paid_on in date default trunc(sysdate));
  procedure send_reminders(p_days_overdue in pls_integer default 14);
end invoice_api;
/
