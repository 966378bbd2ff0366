select * from hide_columns_ptf.hide(employees, columns(salary, commission_pct));

select * from hide_columns_ptf.hide(departments partition (p_emea), columns(budget));
