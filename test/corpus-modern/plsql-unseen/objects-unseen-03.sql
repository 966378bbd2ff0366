create or replace type address_t as object (
  street varchar2(60),
  city   varchar2(40),
  zip    varchar2(10),
  member function label return varchar2
) not final;
/
create or replace type intl_address_t under address_t (
  country varchar2(2),
  overriding member function label return varchar2
);
/
create or replace type address_tab as table of address_t;
/
create or replace type customer_t as object (
  id        number,
  name      varchar2(100),
  addresses address_tab,
  manager   ref customer_t,
  static function make (p_id number, p_name varchar2) return customer_t,
  member procedure add_address (self in out nocopy customer_t, p_addr address_t),
  pragma restrict_references (default, rnds, wnds, rnps, wnps)
);
/
create or replace type body customer_t as
  static function make (p_id number, p_name varchar2) return customer_t is
  begin
    return customer_t(p_id, p_name, address_tab(), null);
  end make;
  member procedure add_address (self in out nocopy customer_t, p_addr address_t) is
  begin
    if addresses is null then
      addresses := address_tab();
    end if;
    addresses.extend;
    addresses(addresses.last) := p_addr;
  end add_address;
end;
/
create table customers_ot of customer_t (primary key (id))
  nested table addresses store as customers_addr_nt;

create or replace view customer_ov of customer_t with object identifier (id) as
  select c.id, c.name, address_tab(), null from legacy_customers c;

create or replace trigger customer_ov_ins
  instead of insert on customer_ov
  for each row
begin
  insert into legacy_customers (id, name) values (:new.id, :new.name);
end;
/

declare
  c      customer_t := customer_t.make(1, 'Acme');
  r      ref customer_t;
  c2     customer_t;
  a      address_t;
  l_cnt  pls_integer;
  l_tab  address_tab := address_tab(address_t('Main St 1', 'Springfield', '12345'),
                                    intl_address_t('Rue 2', 'Paris', '75001', 'FR'));
begin
  c.add_address(address_t('Elm 5', 'Shelbyville', '54321'));
  insert into customers_ot values (c);
  select ref(o) into r from customers_ot o where o.id = 1;
  select deref(r) into c2 from dual;
  select value(o) into c2 from customers_ot o where o.id = 1;
  utl_ref.select_object(r, c2);
  for i in 1 .. l_tab.count loop
    if l_tab(i) is of (intl_address_t) then
      a := treat(l_tab(i) as intl_address_t);
      dbms_output.put_line(treat(l_tab(i) as intl_address_t).country);
    elsif l_tab(i) is of (only address_t) then
      dbms_output.put_line(l_tab(i).label());
    end if;
  end loop;
  select count(*) into l_cnt
    from customers_ot o, table(o.addresses) ad
   where ad.city = 'Paris';
  select cast(collect(address_t(street, city, zip) order by city) as address_tab)
    into l_tab
    from legacy_addresses;
  update customers_ot o set o.addresses = o.addresses multiset union distinct l_tab where o.id = 1;
  update table(select o.addresses from customers_ot o where o.id = 1) ad set ad.zip = '00000' where ad.city = 'Paris';
  insert into table(select o.addresses from customers_ot o where o.id = 1) values (address_t('New', 'Town', '1'));
end;
/
