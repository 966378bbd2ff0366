-- Simple dot-notation access and item methods on JSON columns.
select o.doc.customer.name,
       o.doc.customer.address.city as city,
       o.doc.items[0].sku,
       o.doc.items[*].qty,
       o.doc.items[1 to 3].price,
       o.doc.items[0, 2, 4].sku,
       o.doc.items[last].sku,
       o.doc.total.number() total_n,
       o.doc.placed.date() placed_on,
       o.doc.customer.name.string() nm,
       o.doc.items.size() n_items,
       o.doc.tags.type() t,
       o.doc."quoted key".value
  from orders_json o
 where o.doc.status.string() = 'OPEN'
   and o.doc.total.number() > 100
 order by o.doc.placed.timestamp();

select t.data.items[0].name, t.data.items[0].price.number()
  from json_docs t
 where t.data.items[0].name is not null;

select j.doc.a.b.c.d from json_docs j;

select avg(o.doc.total.number()), max(o.doc.items.count())
  from orders_json o
 group by o.doc.customer.country.string();

update orders_json o set o.doc = json_transform(o.doc, set '$.seen' = systimestamp)
 where o.doc.id.number() = 10;
