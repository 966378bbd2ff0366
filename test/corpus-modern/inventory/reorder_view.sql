create or replace view reorder_candidates as
select p.product_id,
       p.name,
       s.on_hand,
       p.reorder_level,
       case when s.on_hand = 0 then 'URGENT' when s.on_hand < p.reorder_level then 'SOON' else 'OK' end as status
  from products p
  join product_stock s on s.product_id = p.product_id
 where s.on_hand < p.reorder_level * 2
  with read only;
