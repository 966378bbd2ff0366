-- JSON_TABLE: nested paths, ordinality, exists columns, format json, error handling.
select jt.*
  from orders_json o,
       json_table(o.doc, '$'
         columns (
           order_id    number        path '$.id',
           customer    varchar2(100) path '$.customer.name' error on error,
           placed      date          path '$.placed' null on empty,
           rush        varchar2(5)   exists path '$.rush',
           has_note    number(1)     exists path '$.note' false on error,
           raw_items   varchar2(4000) format json path '$.items' with wrapper,
           raw_tags    clob format json without wrapper,
           row_no      for ordinality,
           nested path '$.items[*]'
             columns (
               line_no  for ordinality,
               sku      varchar2(30) path '$.sku',
               qty      number       path '$.qty' default 0 on empty,
               price    number(10,2) path '$.price' default 0 on error,
               nested path '$.discounts[*]' columns (disc_code varchar2(10) path '$.code')
             )
         )) jt;

select t.*
  from json_table('[{"a":1},{"a":2}]', '$[*]' columns (a number path '$.a')) t;

select x.sku, x.qty
  from orders_json o
 cross join json_table(o.doc, '$.items[*]' error on error
                        columns (sku varchar2(20), qty number)) x;

select x.*
  from orders_json o, json_table(o.doc, '$' null on error
       columns (id number, nested items[*] columns (sku, qty number))) x;

select x.* from orders_json o,
  json_table(o.doc format json, '$.items[*]' default on error
    columns (sku varchar2(20 char) path '$.sku' truncate,
             qty number path '$.qty' error on empty error on error,
             "Price" number path '$.price',
             attrs json path '$.attrs',
             flag boolean path '$.flag')) x;

select x.* from orders_json o,
  json_table(o.doc, '$.items[*]' columns (
     sku path '$.sku',
     qty number(5) path '$.qty.number()',
     tags varchar2(400) format json with conditional wrapper path '$.tags')) x
 where x.qty > 0;

select x.* from orders_json o left outer join
  json_table(o.doc, '$.items[*]' columns (sku varchar2(10) path '$.sku')) x on 1 = 1;

select x.* from orders_json o,
  json_table(o.doc, '$' columns (
     nested path '$.items[*]' columns (sku varchar2(10) path '$.sku'),
     nested path '$.payments[*]' columns (amount number path '$.amount'))) x;

select x.*
  from json_table(:payload, '$.rows[*]' passing 10 as "lim"
        columns (v number path '$?(@.v < $lim).v')) x;

select x.* from orders_json o, json_table(o.doc, '$' columns (id number path '$.id' type(strict))) x;
