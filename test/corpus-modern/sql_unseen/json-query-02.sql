-- Querying JSON: JSON_VALUE / JSON_QUERY / JSON_EXISTS with returning, wrapper, error and empty clauses.
select json_value(o.doc, '$.customer.name') cust,
       json_value(o.doc, '$.total' returning number(12,2) default 0 on empty default -1 on error) total,
       json_value(o.doc, '$.placed' returning date error on error) placed,
       json_value(o.doc, '$.placed' returning timestamp with time zone null on empty) placed_tz,
       json_value(o.doc, '$.rush' returning boolean false on empty) rush,
       json_value(o.doc, '$.code' returning varchar2(10) truncate) code,
       json_value(o.doc, '$.items.size()') item_count,
       json_value(o.doc, '$.items[0].sku.upper()') first_sku,
       json_value(o.doc, '$.geo' returning sdo_geometry) geo
  from orders_json o;

select json_query(o.doc, '$.items[*].sku' with wrapper) skus,
       json_query(o.doc, '$.items[*]' with array wrapper returning clob pretty) items,
       json_query(o.doc, '$.items' without array wrapper empty array on error) items2,
       json_query(o.doc, '$.items[0]' with conditional wrapper empty object on empty) first_item,
       json_query(o.doc, '$.missing' without wrapper null on error error on empty) missing,
       json_query(o.doc, '$.tags' returning varchar2(2000) ascii with unconditional wrapper) tags,
       json_query(o.doc, '$' returning json) whole,
       json_query(o.doc, '$.a' empty on error) a
  from orders_json o;

select o.id
  from orders_json o
 where json_exists(o.doc, '$.items?(@.qty > $min && @.sku == $s)' passing 5 as "min", :sku as "s")
   and json_exists(o.doc, '$.customer.vip' false on error)
   and not json_exists(o.doc, '$.cancelled' true on error);

select o.id from orders_json o
 where json_exists(o.doc, '$?(@.total > $lim)' passing to_number(:lim) as "lim" error on error);

select json_value(o.doc, '$.items[last].price' returning number null on empty null on error) from orders_json o;
select json_value(o.doc, '$.id' returning number error on mismatch) from orders_json o;
select json_value(o.doc, '$.a' returning varchar2 ignore on mismatch) from orders_json o;
select json_value(o.doc, '$.price' returning binary_double) from orders_json o;

select count(*) from orders_json o where o.doc is json;
select count(*) from orders_json o where o.doc is not json strict;
select count(*) from orders_json o where o.doc is json (object, scalar);
select count(*) from orders_json o where o.doc is json lax without unique keys;
select count(*) from orders_json o where o.doc is json format json strict with unique keys;
select count(*) from orders_json o where o.doc is json object;
select count(*) from orders_json o where o.doc is json validate '{"type":"object"}';
select case when '{"a":1}' is json then 'Y' else 'N' end from dual;

select json_textcontains(o.doc, '$.note', 'urgent') from orders_json o where rownum = 1;
select o.id from orders_json o where json_textcontains(o.doc, '$.note', 'urgent');
select json_equal(a.doc, b.doc) from orders_json a, orders_json b where a.id = 1 and b.id = 2;
select o.id from orders_json o where json_equal(o.doc, '{}' error on error);
