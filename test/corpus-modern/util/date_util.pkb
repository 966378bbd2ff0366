create or replace package body date_util as

  function week_start(p_day in date) return date deterministic is
  begin
    return trunc(p_day, 'IW');
  end week_start;

  function age_years(p_birth in date, p_on in date default sysdate) return pls_integer is
  begin
    return trunc(months_between(p_on, p_birth) / 12);
  end age_years;

  function to_utc(p_ts in timestamp with time zone) return timestamp is
  begin
    return sys_extract_utc(p_ts);
  end to_utc;

  function elapsed(p_from in timestamp, p_to in timestamp) return interval day to second is
  begin
    return (p_to - p_from) day(3) to second(3);
  end elapsed;

  function next_business_day(p_day in date) return date is
    l_day date := p_day + 1;
  begin
    while to_char(l_day, 'DY', 'NLS_DATE_LANGUAGE=ENGLISH') in ('SAT', 'SUN') loop
      l_day := l_day + 1;
    end loop;
    return l_day;
  end next_business_day;

end date_util;
/
