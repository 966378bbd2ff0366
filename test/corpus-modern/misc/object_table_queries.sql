select t.column_value.describe() as move
  from table(stock_api.low_stock(5)) t;

select value(s).describe() from stock_moves_tab s where s.delta < 0;

select treat(value(s) as t_stock_move).product_id from stock_moves_tab s;
