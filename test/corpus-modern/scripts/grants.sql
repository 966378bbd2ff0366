grant select, insert, update on orders to app_writer;
grant select on order_lines to app_reader;
grant execute on order_api to app_writer;
revoke delete on orders from app_writer;
create or replace synonym app_orders for orders;
