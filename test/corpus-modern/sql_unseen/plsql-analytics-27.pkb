create or replace package body fraud_checks as
  -- Row pattern matching, MODEL and windows in PL/SQL cursors.
  procedure suspicious_runs (p_acct in number, p_cur out sys_refcursor) is
  begin
    open p_cur for
      select *
        from card_tx
       match_recognize (
         partition by acct_id
         order by tx_time
         measures first(small.tx_time) as first_small,
                  last(big.tx_time) as big_time,
                  big.amount as big_amount,
                  count(small.*) as small_count,
                  classifier() as last_class,
                  match_number() as match_id
         one row per match
         after match skip past last row
         pattern (small{3,} big)
         define small as small.amount < 5 and small.tx_time - prev(small.tx_time) < interval '10' minute,
                big as big.amount > 500
       )
       where acct_id = p_acct;
  end suspicious_runs;

  function streaks (p_acct in number) return pls_integer is
    l_n pls_integer;
  begin
    select count(*)
      into l_n
      from (select tx_time, amount from card_tx where acct_id = p_acct)
     match_recognize (
       order by tx_time
       measures running count(*) as n
       all rows per match
       pattern (up+)
       define up as up.amount > prev(up.amount)
     );
    return l_n;
  end streaks;

  procedure projection (p_cur out sys_refcursor) is
  begin
    open p_cur for
      select acct_id, month_no, balance
        from monthly_balances
       model
         partition by (acct_id)
         dimension by (month_no)
         measures (balance, 0 as growth)
         ignore nav
         rules sequential order (
           growth[any] = balance[cv()] - balance[cv() - 1],
           balance[for month_no from 13 to 15 increment 1] = balance[cv() - 1] + avg(growth)[month_no between 1 and 12]
         )
       order by acct_id, month_no;
  end projection;

  procedure windows (p_cur out sys_refcursor) is
  begin
    open p_cur for
      select acct_id, tx_time, amount,
             sum(amount) over (partition by acct_id order by tx_time
                               range between interval '1' day preceding and current row) as day_sum,
             count(*) over (partition by acct_id order by tx_time
                            rows between 5 preceding and 1 preceding) as prev5,
             max(amount) keep (dense_rank last order by tx_time) over (partition by acct_id) as last_amt,
             percentile_cont(0.5) within group (order by amount) over (partition by acct_id) as med,
             lag(tx_time) over (partition by acct_id order by tx_time) as prev_time,
             nth_value(amount, 2) from first ignore nulls over (partition by acct_id order by tx_time) as second_amt
        from card_tx;
  end windows;
end fraud_checks;
/
