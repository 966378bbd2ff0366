select country, product, year, amount
  from sales_summary
 model
   partition by (country)
   dimension by (product, year)
   measures (amount)
   rules upsert sequential order (
     amount['Widget', 2025] = amount['Widget', 2024] * 1.08,
     amount['Gadget', 2025] = avg(amount)['Gadget', year between 2021 and 2024],
     amount[any, 2026] = amount[cv(product), 2025] * 1.05
   )
 order by country, product, year;
