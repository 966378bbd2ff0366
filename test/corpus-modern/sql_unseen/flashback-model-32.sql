-- Temporal validity and flashback, MODEL ordering, multitable error logging.
select * from contracts as of period for valid_period date '2024-06-30';
select c.id, c.valid_from, c.valid_to
  from contracts versions period for valid_period between date '2024-01-01' and date '2024-12-31' c;

declare
  l_n number;
begin
  select count(*) into l_n from contracts as of period for valid_period sysdate;
  select count(*) into l_n
    from contracts versions period for valid_period between minvalue and maxvalue;
  select count(*) into l_n from contracts as of timestamp systimestamp - interval '1' day;

  for r in (select region, yr, amount
              from region_sales
             model partition by (region)
                   dimension by (yr)
                   measures (amount)
                   rules automatic order (
                     amount[2026] = amount[2025] * 1.05,
                     amount[2025] = nvl(amount[2025], amount[2024])
                   )) loop
    null;
  end loop;

  insert all
    when amount >= 1000 then
      into big_orders (id, amount) values (id, amount)
        log errors into err$_big_orders ('nightly') reject limit 100
    when amount < 1000 then
      into small_orders (id, amount) values (id, amount)
        log errors reject limit unlimited
  select id, amount from staged_orders;
end;
/
