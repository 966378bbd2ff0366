-- MATCH_RECOGNIZE: every clause.
select *
  from ticks match_recognize (
         partition by symbol
         order by ts
         measures strt.ts as start_ts,
                  last(down.ts) as bottom_ts,
                  last(up.ts) as end_ts,
                  match_number() as mno,
                  classifier() as cls,
                  final count(up.*) as ups,
                  running avg(price) as run_avg,
                  first(down.price) fp,
                  prev(up.price, 1) pp,
                  next(down.price) np
         one row per match
         after match skip to last up
         pattern (strt down+ up+)
         define
           down as down.price < prev(down.price),
           up as up.price > prev(up.price)
       ) mr
 order by mr.symbol, mr.start_ts;

select symbol, ts, price, cls
  from ticks
 match_recognize (
   partition by symbol order by ts
   measures classifier() cls
   all rows per match with unmatched rows
   after match skip past last row
   pattern (^ a b* c{2,} d? e{3} f{,4} (g | h)+? $)
   subset gh = (g, h)
   define b as b.price > a.price, c as c.price >= b.price
 );

select * from events match_recognize (
  partition by user_id order by event_time
  measures first(event_time) as s, last(event_time) as e, count(*) as n
  all rows per match show empty matches
  after match skip to next row
  pattern (permute(login, browse, buy) {- idle* -} logout)
  define idle as event_type = 'IDLE', login as event_type = 'LOGIN',
         browse as event_type = 'VIEW', buy as event_type = 'BUY', logout as event_type = 'LOGOUT'
);

select * from events match_recognize (
  order by event_time
  measures match_number() m
  all rows per match omit empty matches
  after match skip to first b
  pattern (a b+ | c)
  define b as b.v > a.v
) where m < 10;

select * from t match_recognize (
  partition by k order by ts
  measures x.ts xs
  one row per match
  after match skip to x
  pattern (x{1})
  define x as x.v = 1);

select m.* from t
  match_recognize (order by id measures last(a.id) lid pattern (a*) define a as a.v > 0) m;
