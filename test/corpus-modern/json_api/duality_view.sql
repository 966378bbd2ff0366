create or replace json relational duality view customer_dv as
  customers @insert @update
  {
    _id      : customer_id,
    name     : name,
    orders   : orders @insert
    [ { orderId : order_id, status : status } ]
  };

select json_serialize(data pretty) from customer_dv where json_value(data, '$._id') = 42;
