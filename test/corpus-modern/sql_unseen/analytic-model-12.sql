-- MODEL clause.
select country, product, year, sales
  from sales_view
 where country in ('Italy', 'Japan')
 model
   return updated rows
   partition by (country)
   dimension by (product, year)
   measures (sales sales)
   rules upsert (
     sales['Bounce', 2002] = sales['Bounce', 2001] + sales['Bounce', 2000],
     sales['Y Box', 2002] = sales['Y Box', 2001],
     sales['All_Products', 2002] = sales['Bounce', 2002] + sales['Y Box', 2002]
   )
 order by country, product, year;

select * from sales_view
 model
   dimension by (product p, year y)
   measures (sales s, 0 growth)
   ignore nav
   rules update sequential order (
     s[any, 2003] = s[cv(p), 2002] * 1.1,
     growth[for p in ('A', 'B'), for y from 2000 to 2003 increment 1] = s[cv(), cv()] - s[cv(), cv() - 1],
     s[p is any, y between 2000 and 2001] = round(s[cv(p), cv(y)], 2)
   );

select * from balances
 model
   partition by (acct)
   dimension by (0 as i)
   measures (amount, 0 as running)
   keep nav
   unique single reference
   rules automatic order
   iterate (100) until (previous(running[0]) = running[0])
   (
     running[0] = running[0] + amount[0] / 2
   );

select year, month, amount
  from monthly
 model return all rows
   dimension by (year, month)
   measures (amount)
   rules (
     upsert all amount[2025, for month from 1 to 12 increment 1] = presentv(amount[2024, cv()], amount[2024, cv()] * 1.05, 0),
     amount[year > 2020, month = 1] order by year = nvl(amount[cv() - 1, 12], 0)
   );

select * from t model dimension by (k) measures (v) rules iterate (5) (v[1] = v[1] + iteration_number);
select * from t model reference r on (select k, rate from rates) dimension by (k) measures (rate)
  main m dimension by (k) measures (v) rules (v[any] = v[cv()] * r.rate[cv()]);
