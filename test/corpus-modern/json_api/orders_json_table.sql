select o.order_id, jt.*
  from orders_doc o,
       json_table(o.doc, '$'
         columns (
           customer_name varchar2(100) path '$.customer.name',
           row_no        for ordinality,
           is_priority   varchar2(5) exists path '$.priority',
           nested path '$.items[*]'
             columns (
               sku      varchar2(30) path '$.sku',
               qty      number       path '$.qty' default 1 on empty,
               price    number(12,2) path '$.price' null on error
             )
         )) jt
 where json_exists(o.doc, '$.items?(@.qty > $min)' passing 5 as "min");
