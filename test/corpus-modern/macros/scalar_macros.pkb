create or replace package body date_macros as

  function business_days(p_from in date, p_to in date) return varchar2 sql_macro(scalar) is
  begin
    return q'{(select count(*)
                 from (select p_from + level - 1 d from dual connect by level <= p_to - p_from + 1)
                where to_char(d, 'DY', 'NLS_DATE_LANGUAGE=ENGLISH') not in ('SAT', 'SUN'))}';
  end business_days;

  function fiscal_year(p_date in date) return varchar2 sql_macro(scalar) is
  begin
    return 'extract(year from add_months(p_date, 6))';
  end fiscal_year;

end date_macros;
/
