-- daily candles: columns named after statement words (not reserved in Oracle)
create table candles (symbol varchar2(10), day date, open number, high number, low number, close number, package varchar2(30));

select symbol, day, open, high, low, close,
       close - open as body,
       lag(close) over (partition by symbol order by day) prev_close
  from candles
 where close > open
 order by symbol, day;

declare
  l_open  candles.open%type;
  l_close candles.close%type;
  cursor c is select c.open, c.close, c.package from candles c;
begin
  select open, close into l_open, l_close
    from candles
   where symbol = 'ORCL' and day = trunc(sysdate);
  update candles set close = l_close * 1.01, open = l_open where symbol = 'ORCL';
  insert into candles (symbol, day, open, close, package) values ('X', sysdate, 1, 2, 'p');
  for r in c loop
    dbms_output.put_line(r.open || ' ' || r.close || ' ' || r.package);
  end loop;
  open c;
  close c;
  commit;
end;
/
select max(close) keep (dense_rank last order by day) last_close from candles group by symbol;
