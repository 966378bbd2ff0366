create or replace package money as
  function to_base(p_amount number, p_cur varchar2) return number;
  function to_base(p_amount varchar2, p_cur varchar2) return number;
end;
/
create or replace package body money as
  function rate_of(p_cur varchar2) return number is
    l number;
  begin
    select rate into l from fx where cur = p_cur;
    return l;
  end;
  function to_base(p_amount varchar2, p_cur varchar2) return number is
    l number;
  begin
    select to_number(p_amount) * rate into l from fx where cur = p_cur;
    return l;
  end;
  function to_base(p_amount number, p_cur varchar2) return number is
  begin
    return p_amount * rate_of(p_cur);
  end;
end;
/
create or replace procedure convert_all is
  l number;
begin
  for o in (select amount, cur from orders) loop
    l := money.to_base(o.amount, o.cur);
  end loop;
end;
/
create or replace package fx_money as
  function to_base(p_amount number, p_cur varchar2) return number;
  function to_base(p_amount varchar2, p_cur varchar2) return number;
end;
/
create or replace package body fx_money as
  function rate_of(p_cur varchar2) return number is
    l number;
  begin
    select rate into l from fx where cur = p_cur;
    return l;
  end;
  function to_base(p_amount number, p_cur varchar2) return number is
  begin
    return p_amount * rate_of(p_cur);
  end;
  function to_base(p_amount varchar2, p_cur varchar2) return number is
    l number;
  begin
    select to_number(p_amount) * rate into l from fx where cur = p_cur;
    return l;
  end;
end;
/
create or replace procedure convert_fx is
  l number;
begin
  for o in (select amount, cur from orders) loop
    l := fx_money.to_base(o.amount, o.cur);
  end loop;
end;
/
