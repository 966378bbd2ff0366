create or replace package order_internal
  sharing = none
  default collation using_nls_comp
  authid definer
  accessible by (package order_api, package "ORDER_UI", trigger order_audit_trg, function app.calc_total, procedure app.nightly, type order_t)
is
  pragma deprecate (order_internal, 'order_internal will be removed in 3.0; use order_core');

  g_last_id  orders.order_id%type;
  g_cfg      app_cfg.t_config := app_cfg.defaults;
  c_max_rows constant pls_integer := app_cfg.c_page_size * 10;

  cursor c_open return orders%rowtype;
  cursor c_lines (p_order_id orders.order_id%type) return order_lines%rowtype;

  subtype t_amount is number(14, 2) not null;
  subtype t_code is varchar2(10 char);
  subtype t_pct is pls_integer range 0 .. 100;

  type t_line_map is table of order_lines%rowtype index by pls_integer;
  type t_price_map is table of t_amount index by t_code;

  procedure reprice (p_order_id in orders.order_id%type, p_lines in out nocopy t_line_map)
    accessible by (package order_api);

  function total (p_order_id orders.order_id%type) return t_amount
    deterministic
    accessible by (package order_api, trigger order_audit_trg);
  pragma deprecate (total);

  function legacy_total (p_order_id number) return number;
  pragma deprecate (legacy_total, 'use total');

  procedure log (p_msg varchar2, p_level pls_integer := 3);
  pragma coverage ('EXCLUDE_START');
  procedure debug_dump;
  pragma coverage ('EXCLUDE_END');
end order_internal;
/
