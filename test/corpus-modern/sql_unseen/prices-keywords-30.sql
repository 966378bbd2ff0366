-- Market data: columns named after PL/SQL words, pattern matching over prices, a portfolio's return.
create table if not exists daily_prices (
  symbol varchar2(10), trade_day date, open number, high number, low number, close number, volume number
);

select symbol, trade_day, open, close, close - open as change
  from daily_prices
 where close > open
 order by symbol, trade_day;

select *
  from daily_prices
 match_recognize (
   partition by symbol
   order by trade_day
   measures first(down.trade_day) as fall_start, last(up.trade_day) as rise_end,
            min(down.close) as bottom, max(up.close) as top
   one row per match
   pattern (down{2,} up{2,})
   define down as down.close < prev(down.close),
          up   as up.close > prev(up.close)
 );

insert into daily_prices (symbol, trade_day, open, high, low, close, volume)
values ('ORCL', date '2025-01-02', 170.1, 172.4, 169.0, 171.9, 1200000),
       ('ORCL', date '2025-01-03', 171.9, 173.0, 170.2, 170.8, 980000);

update daily_prices set close = round(close, 2), open = round(open, 2) where trade_day >= date '2025-01-01';

select p.name, p.return, p.return - b.return as excess
  from portfolios p join benchmarks b on b.id = p.benchmark_id
 where p.return > 0;

begin
  for r in (select symbol, avg(close) as avg_close, stddev(close) as vol
              from daily_prices
             where trade_day > sysdate - 30
             group by symbol
            having count(*) > 10) loop
    dbms_output.put_line(r.symbol || ' ' || r.avg_close);
  end loop;

  merge into daily_prices d
  using (select 'ORCL' symbol, trunc(sysdate) trade_day, 1 open, 2 close from dual) s
     on (d.symbol = s.symbol and d.trade_day = s.trade_day)
   when matched then update set d.close = s.close
   when not matched then insert (symbol, trade_day, open, close) values (s.symbol, s.trade_day, s.open, s.close);
end;
/
