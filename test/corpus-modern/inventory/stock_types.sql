create or replace type t_stock_move force as object (
  product_id number,
  warehouse  varchar2(10),
  delta      number,
  moved_at   timestamp,
  member function describe return varchar2,
  static function of_row(p_product_id in number, p_delta in number) return t_stock_move,
  constructor function t_stock_move(self in out nocopy t_stock_move, p_product_id in number) return self as result
) not final;
/
create or replace type t_stock_moves as table of t_stock_move;
/
