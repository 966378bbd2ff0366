create or replace trigger project_members_trg
  instead of insert on nested table members of projects_v
  referencing new as m parent as p
  for each row
begin
  insert into project_members (project_id, employee_id) values (:p.project_id, :m.employee_id);
end;
/
