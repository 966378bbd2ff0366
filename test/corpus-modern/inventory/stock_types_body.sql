create or replace type body t_stock_move as

  member function describe return varchar2 is
  begin
    return product_id || '@' || warehouse || ': ' || to_char(delta, 'S999G990');
  end describe;

  static function of_row(p_product_id in number, p_delta in number) return t_stock_move is
  begin
    return t_stock_move(p_product_id, 'MAIN', p_delta, systimestamp);
  end of_row;

  constructor function t_stock_move(self in out nocopy t_stock_move, p_product_id in number) return self as result is
  begin
    self.product_id := p_product_id;
    self.warehouse := 'MAIN';
    self.delta := 0;
    self.moved_at := systimestamp;
    return;
  end;

end;
/
