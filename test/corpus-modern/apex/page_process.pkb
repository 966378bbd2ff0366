create or replace package body page_process as

  procedure save_customer is
    l_id customers.customer_id%type := to_number(v('P10_CUSTOMER_ID'));
  begin
    if l_id is null then
      insert into customers (name, email, segment)
      values (v('P10_NAME'), v('P10_EMAIL'), v('P10_SEGMENT'))
      returning customer_id into l_id;
      apex_util.set_session_state('P10_CUSTOMER_ID', l_id);
    else
      update customers
         set name = v('P10_NAME'), email = v('P10_EMAIL'), segment = v('P10_SEGMENT')
       where customer_id = l_id;
    end if;
  exception
    when dup_val_on_index then
      apex_error.add_error(p_message => 'This e-mail is already registered', p_display_location => apex_error.c_inline_in_notification);
  end save_customer;

  function customer_lov return apex_t_varchar2 is
    l_values apex_t_varchar2;
  begin
    select name || ' (' || email || ')' bulk collect into l_values from customers order by name;
    return l_values;
  end customer_lov;

end page_process;
/
