create or replace package order_api
  authid definer
  accessible by (package order_ui, package order_batch)
as
  subtype t_status is varchar2(20);
  type t_line is record (
    product_id  products.product_id%type,
    quantity    pls_integer,
    unit_price  number(12,2)
  );
  type t_lines is table of t_line index by pls_integer;

  gc_open      constant t_status := 'OPEN';
  gc_shipped   constant t_status := 'SHIPPED';

  function create_order(p_customer_id in number, p_lines in t_lines) return number;
  procedure ship(p_order_id in number);
  function order_total(p_order_id in number) return number deterministic result_cache;
end order_api;
/
