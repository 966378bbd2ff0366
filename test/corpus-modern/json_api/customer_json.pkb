create or replace package body customer_json as

  function find_city(p_customer_id in number) return varchar2 is
    l_city varchar2(100);
  begin
    select c.profile.address.city.string()
      into l_city
      from customers c
     where c.customer_id = p_customer_id;
    return l_city;
  end find_city;

  function first_phone(p_customer_id in number) return varchar2 is
    l_phone varchar2(40);
  begin
    select c.profile.phones[0].number
      into l_phone
      from customers c
     where c.customer_id = p_customer_id;
    return l_phone;
  end first_phone;

  function tag_count(p_customer_id in number) return number is
    l_count number;
  begin
    select c.profile.tags[*].size()
      into l_count
      from customers c
     where c.customer_id = p_customer_id;
    return l_count;
  end tag_count;

end customer_json;
/
