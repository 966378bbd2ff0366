declare
  l_sql     varchar2(400) := q'[select 'x' from dual]';
  l_note    varchar2(100) := q'{it's fine}';
  l_pound   varchar2(100) := q'£costs £10£';
  l_section varchar2(100) := q'§quote 'this'§';
  l_excl    varchar2(100) := q'!no 'escaping' needed!';
  l_nat     nvarchar2(100) := n'naïve';
  l_natq    nvarchar2(100) := nq'#d'Artagnan#';
  l_uni     nvarchar2(100) := u'caf\00e9';
begin
  dbms_output.put_line(l_sql || l_note || l_pound || l_section || l_excl || l_nat || l_natq || l_uni);
end;
/
