create or replace package body order_status as

  function label(p_days_late in number) return varchar2 is
    l_label varchar2(30);
  begin
    case p_days_late
      when is null then l_label := 'not shipped';
      when < 0, = 0 then l_label := 'on time';
      when between 1 and 3 then l_label := 'slightly late';
      when > 30 then l_label := 'lost?';
      else l_label := 'late';
    end case;
    return l_label;
  end label;

  function bucket(p_amount in number) return varchar2 is
  begin
    return case p_amount
             when < 100 then 'small'
             when < 1000 then 'medium'
             else 'large'
           end;
  end bucket;

end order_status;
/
