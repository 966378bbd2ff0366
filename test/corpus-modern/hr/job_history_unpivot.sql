select employee_id, quarter, amount
  from quarterly_bonus
unpivot include nulls (amount for quarter in (q1 as 'Q1', q2 as 'Q2', q3 as 'Q3', q4 as 'Q4'))
 order by employee_id, quarter;
