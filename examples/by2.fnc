-- Seed 000: a schema-level (standalone) function.
create or replace function by2(x number) return number as
begin
  return x * 2;
end by2;
/
