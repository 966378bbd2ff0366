create or replace package body grading as

  function band (p_score number) return varchar2 is
    l_band varchar2(20);
  begin
    case p_score
      when < 0, > 100 then l_band := 'invalid';
      when is null then l_band := 'missing';
      when between 90 and 100 then l_band := 'A';
      when >= 80 then l_band := 'B';
      when 70, 71, 72 then l_band := 'C-';
      else l_band := 'F';
    end case;
    return l_band;
  end band;

  function label (p_code varchar2) return varchar2 is
  begin
    return case p_code
             when is null then 'none'
             when like 'X%' then 'extended'
             when in ('A', 'B') then 'basic'
             when not in ('Z') then 'other'
             else 'zulu'
           end;
  end label;

  procedure route (p_kind varchar2, p_amount number) is
  begin
    case
      when p_kind = 'REFUND' and p_amount > 1000 then
        approve_manually(p_kind);
      when p_kind in ('SALE', 'RENTAL') then
        null;
      else
        raise_application_error(-20001, 'unknown kind ' || p_kind);
    end case;

    <<route_case>>
    case p_amount
      when is not null then null;
      else null;
    end case route_case;
  end route;

end grading;
/
