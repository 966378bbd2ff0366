declare
  a varchar2(200) := q'[it's a [bracketed] text]';
  b varchar2(200) := Q'{braces {nested} too}';
  c varchar2(200) := q'(parens (ok))';
  d varchar2(200) := q'<angle <brackets>>';
  e varchar2(200) := q'!bang's delimiter!';
  f varchar2(200) := q'#hash 'quoted' text#';
  g varchar2(200) := q'|pipe|';
  h varchar2(200) := q'xletters as delimiterx';
  i varchar2(200) := q'£pound's sign£';
  j varchar2(200) := q'§section§';
  k nvarchar2(200) := nq'[national q-quote's]';
  l nvarchar2(200) := N'national';
  m nvarchar2(200) := n'lower national';
  n nvarchar2(200) := u'unicode \00e9';
  o nvarchar2(200) := U'UNICODE';
  p varchar2(200) := q'~tilde~';
  q varchar2(200) := q'^caret^';
  r varchar2(200) := q'"double"';
  s varchar2(400) := q'[multi
line ' with quotes ''
and end]';
  t varchar2(50) := 'it''s';
  u varchar2(50) := '';
  v varchar2(50) := q'/slash/';
  w varchar2(50) := q'*star*';
  x varchar2(50) := q'ééacuteé';
  y varchar2(50) := q'%pct%';
  z varchar2(50) := q'=eq=';
begin
  dbms_output.put_line(a || b || c || d || e || f || g || h || i || j || k || l || m || n || o);
  execute immediate q'[insert into t values ('a''b')]';
  execute immediate Q'{begin dbms_output.put_line('x'); end;}';
end;
/
select q'[a]' x, n'b' y, nq'{c}' z, 1e3 num, .5 half, 5. five, 1.5d dbl, 2f flt from dual;
select 'x' from dual where dummy = q'!X!';
