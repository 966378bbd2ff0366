create or replace procedure convert_all as
  l number;
  function local_rate(p_cur varchar2) return number is
    r number;
  begin
    select rate into r from fx where cur = p_cur;
    return r;
  end;
begin
  for o in (select id, cur from orders) loop
    l := rates.get_rate(o.cur);
    l := local_rate(o.cur);
  end loop;
end;
/
create or replace trigger orders_bi before insert on orders for each row
begin
  :new.rate := rates.get_rate(:new.cur);
end;
/
