create or replace function budget_rows(p_year in number)
  return varchar2 sql_macro
is
begin
  return q'[
    select b.*
      from budgets b
     where b.fiscal_year = p_year
       and b.status <> 'DRAFT'
  ]';
end budget_rows;
/
