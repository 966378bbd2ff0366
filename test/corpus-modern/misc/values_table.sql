select v.code, v.label
  from (values ('A', 'Active'), ('I', 'Inactive'), ('P', 'Pending')) v (code, label)
 order by v.code;

with statuses (code, label) as (
  values ('A', 'Active'), ('I', 'Inactive')
)
select * from statuses;
