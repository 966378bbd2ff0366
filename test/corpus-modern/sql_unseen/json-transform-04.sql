-- JSON_TRANSFORM with every operation and handler.
update orders_json o
   set o.doc = json_transform(o.doc,
         set '$.status' = 'SHIPPED',
         set '$.shipped_at' = systimestamp,
         set '$.carrier' = :carrier replace on existing,
         set '$.meta' = '{"by":"batch"}' format json,
         insert '$.history[last+1]' = 'shipped',
         insert '$.audit' = json_object('who' value user),
         append '$.tags' = 'express' create on missing,
         remove '$.draft',
         remove '$.tmp' ignore on missing,
         rename '$.addr' = 'address',
         replace '$.total' = 1200 ignore on missing,
         keep '$.id', '$.status', '$.total', '$.items'
         returning clob)
 where o.id = :id;

select json_transform(doc, set '$.a' = 1 error on existing) from orders_json;
select json_transform(doc, set '$.a' = null null on null) from orders_json;
select json_transform(doc, set '$.a' = null remove on null) from orders_json;
select json_transform(doc, set '$.a' = null ignore on null) from orders_json;
select json_transform(doc, remove '$.items[*]?(@.qty == 0)') from orders_json;
select json_transform(doc, nested path '$.items[*]' (set '@.total' = path '@.qty * @.price')) from orders_json;
select json_transform(doc, sort '$.items' order by '$.sku' desc) from orders_json;
select json_transform(doc, union '$.tags' = json('["a","b"]')) from orders_json;
select json_transform(doc, intersect '$.tags' = json('["a"]')) from orders_json;
select json_transform(doc, minus '$.tags' = json('["b"]')) from orders_json;
select json_transform(doc, prepend '$.tags' = 'first') from orders_json;
select json_transform(doc, copy '$.backup' = path '$.items') from orders_json;
select json_transform(doc, merge '$' = '{"x":1}' format json) from orders_json;
select json_transform(doc, set '$.x' = 1 returning varchar2(4000) pretty) from orders_json;
select json_transform(doc, set '$.x' = :v passing :a as "a") from orders_json;
