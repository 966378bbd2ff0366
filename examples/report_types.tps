-- Example object type with conditional compilation.
create or replace type invoice_line force as object (
  id     number,
  amount number,
  member function total(p_tax in number default 0) return number,
  constructor function invoice_line(self in out nocopy invoice_line, p_id number) return self as result
) not final;
/
create or replace type body invoice_line as
  member function total(p_tax in number default 0) return number is
  begin
    $if $$debug $then
      dbms_output.put_line('total of ' || self.id);
    $end
    return self.amount * (1 + p_tax);
  end;
  constructor function invoice_line(self in out nocopy invoice_line, p_id number) return self as result is
  begin
    self.id := p_id;
    self.amount := 0;
    return;
  end;
end;
/
