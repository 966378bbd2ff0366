create or replace package body invoice_api as

  function create_invoice(p_order_id in number) return invoices.invoice_id%type is
    l_id invoices.invoice_id%type;
  begin
    insert into invoices (order_id, amount, due_on)
    select o.order_id, sum(l.quantity * l.unit_price), trunc(sysdate) + 30
      from orders o
      join order_lines l on l.order_id = o.order_id
     where o.order_id = p_order_id
     group by o.order_id
    returning invoice_id into l_id;
    return l_id;
  end create_invoice;

  procedure mark_paid(p_invoice_id in number, p_paid_on in date default trunc(sysdate)) is
    l_paid_on invoices.paid_on%type;
  begin
    select paid_on into l_paid_on from invoices where invoice_id = p_invoice_id for update;
    if l_paid_on is not null then
      raise e_already_paid;
    end if;
    update invoices set paid_on = p_paid_on where invoice_id = p_invoice_id;
  exception
    when no_data_found then
      raise_application_error(-20100, 'no invoice ' || p_invoice_id);
  end mark_paid;

  procedure send_reminders(p_days_overdue in pls_integer default 14) is
    l_ids t_invoice_ids;
  begin
    select invoice_id bulk collect into l_ids
      from invoices
     where paid_on is null
       and due_on < trunc(sysdate) - p_days_overdue;

    for i in indices of l_ids loop
      mailer.queue(p_template => 'REMINDER', p_key => l_ids(i));
    end loop;
  end send_reminders;

end invoice_api;
/
