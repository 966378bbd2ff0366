create or replace function convert_amount(
  p_amount in number,
  p_from   in varchar2,
  p_to     in varchar2,
  p_on     in date default sysdate
) return number
  deterministic
is
  l_rate number;
begin
  if p_from = p_to then
    return p_amount;
  end if;
  select rate into l_rate
    from fx_rates
   where from_ccy = p_from and to_ccy = p_to
     and p_on between valid_from and nvl(valid_to, p_on)
   order by valid_from desc
   fetch first row only;
  return round(p_amount * l_rate, 2);
exception
  when no_data_found then
    return null;
end convert_amount;
/
