select account_id, booked_on, amount,
       sum(amount) over (partition by account_id order by booked_on
                         range between interval '30' day preceding and current row) as last_30_days,
       count(*) over (partition by account_id) as bookings
  from ledger
 order by account_id, booked_on;
