merge into customer_scores t
using (select customer_id, sum(amount) as revenue from invoices group by customer_id) s
   on (t.customer_id = s.customer_id)
 when matched then
   update set t.score = least(100, s.revenue / 1000)
   delete where t.score = 0
 when not matched then
   insert (customer_id, score) values (s.customer_id, least(100, s.revenue / 1000))
   where s.revenue > 0;
