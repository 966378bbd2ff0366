select customer_id,
       sum(amount) filter (where due_on >= trunc(sysdate))                      as not_due,
       sum(amount) filter (where due_on between trunc(sysdate) - 30 and trunc(sysdate) - 1) as due_30,
       sum(amount) filter (where due_on < trunc(sysdate) - 30)                  as overdue
  from invoices
 where paid_on is null
 group by customer_id
 order by overdue desc nulls last;
