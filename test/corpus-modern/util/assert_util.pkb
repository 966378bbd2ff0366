create or replace package body assert_util as

  procedure not_null(p_value in varchar2, p_name in varchar2) is
  begin
    if p_value is null then
      raise_application_error(-20001, p_name || ' must not be null');
    end if;
  end not_null;

  procedure in_range(p_value in number, p_low in number, p_high in number, p_name in varchar2) is
  begin
    case p_value
      when is null then raise_application_error(-20002, p_name || ' is null');
      when < p_low, > p_high then raise_application_error(-20003, p_name || ' out of range');
      else null;
    end case;
  end in_range;

  function safe_object(p_name in varchar2) return varchar2 is
  begin
    return dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_name));
  end safe_object;

end assert_util;
/
