with function median_of(p_values in sys.odcinumberlist) return number is
  l_result number;
begin
  select median(column_value) into l_result from table(p_values);
  return l_result;
end;
select median_of(sys.odcinumberlist(1, 5, 9, 12)) as med from dual
/
