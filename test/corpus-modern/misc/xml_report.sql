select xmlelement("orders",
         xmlagg(xmlelement("order",
                  xmlattributes(o.order_id as "id"),
                  xmlforest(o.status as "status", o.created_at as "created")) order by o.order_id))
  from orders o
 where o.created_at > sysdate - 1;

select x.*
  from xml_inbox i,
       xmltable('/orders/order' passing i.payload
                columns id     number        path '@id',
                        status varchar2(10)  path 'status') x;
