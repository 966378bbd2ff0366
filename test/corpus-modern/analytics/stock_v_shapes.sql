-- V-shaped price moves per ticker: a fall followed by a rise
select *
  from ticker_prices
match_recognize (
  partition by symbol
  order by trade_day
  measures strt.trade_day       as start_day,
           last(down.trade_day) as bottom_day,
           last(up.trade_day)   as end_day,
           match_number()       as match_no
  one row per match
  after match skip to last up
  pattern (strt down+ up+)
  define
    down as down.price < prev(down.price),
    up   as up.price > prev(up.price)
) mr
order by symbol, start_day;
