create or replace package body order_pricing as

  type t_price_tab is table of number index by varchar2(30);

  function price_list(p_currency in varchar2) return t_price_tab is
  begin
    return t_price_tab('BASIC' => 10, 'PLUS' => 25, 'PRO' => 60, others => 0);
  end price_list;

  function squares return t_price_tab is
    l_tab t_price_tab;
  begin
    return l_tab;
  end squares;

  procedure apply_discount(p_order_id in number, p_pct in number) is
  begin
    update order_lines l
       set l.unit_price = round(l.unit_price * (1 - p_pct / 100), 2)
     where l.order_id = p_order_id
       and exists (select 1 from promotions p where p.product_id = l.product_id and p.active = true);
  end apply_discount;

end order_pricing;
/
