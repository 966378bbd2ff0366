create or replace package body tax_rates as

  type t_rates is table of number index by varchar2(2);
  g_rates t_rates := t_rates('DE' => 19, 'FR' => 20, 'NL' => 21, 'IE' => 23, others => 0);

  function rate(p_country in varchar2) return number is
  begin
    return g_rates(p_country);
  end rate;

  function squares(p_n in pls_integer) return t_squares is
  begin
    return t_squares(for i in 1 .. p_n => i * i);
  end squares;

  function evens(p_n in pls_integer) return t_squares is
  begin
    return t_squares(for i in 1 .. p_n when mod(i, 2) = 0 sequence => i);
  end evens;

  function by_code(p_n in pls_integer) return t_by_code is
  begin
    return t_by_code(for i in 1 .. p_n index 'K' || i => i);
  end by_code;

end tax_rates;
/
