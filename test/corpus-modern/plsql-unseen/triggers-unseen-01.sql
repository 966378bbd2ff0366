create or replace trigger emp_salary_chk
  before insert or update of salary, commission_pct on employees
  referencing old as o new as n
  for each row
  when (n.salary > 10000 or (o.salary is not null and n.salary < o.salary))
declare
  l_max number;
begin
  select max_salary into l_max from jobs where job_id = :n.job_id;
  if :n.salary > l_max then
    raise_application_error(-20100, 'salary above band');
  end if;
end emp_salary_chk;
/

create or replace trigger emp_audit_trg
after insert or update or delete on employees
for each row
follows emp_salary_chk
enable
begin
  if inserting then
    insert into emp_audit (emp_id, action, changed_on) values (:new.employee_id, 'I', systimestamp);
  elsif updating('SALARY') then
    insert into emp_audit (emp_id, action, changed_on) values (:new.employee_id, 'U', systimestamp);
  elsif deleting then
    insert into emp_audit (emp_id, action, changed_on) values (:old.employee_id, 'D', systimestamp);
  end if;
end;
/

CREATE OR REPLACE EDITIONABLE TRIGGER "HR"."EMP_BI"
  BEFORE INSERT ON "HR"."EMPLOYEES"
  FOR EACH ROW
  WHEN (new.employee_id IS NULL)
BEGIN
  :new.employee_id := employees_seq.nextval;
END;
/
ALTER TRIGGER "HR"."EMP_BI" ENABLE;

create or replace trigger dept_precedes
  before update on departments
  for each row
  precedes emp_audit_trg, hr.other_trg
  disable
begin
  :new.last_update := sysdate;
end;
/

create or replace trigger emp_fwd_xed
  before insert or update on employees_v1
  for each row
  forward crossedition
  disable
begin
  :new.full_name := :new.first_name || ' ' || :new.last_name;
end;
/

create or replace trigger emp_rev_xed
  before insert or update on employees_v2
  for each row
  reverse crossedition
  follows emp_fwd_xed
begin
  :new.first_name := substr(:new.full_name, 1, instr(:new.full_name, ' ') - 1);
end;
/

create or replace trigger nested_items_trg
  after insert on nested table items of orders_nt
  referencing new as new parent as parent
  for each row
begin
  dbms_output.put_line(:parent.order_id || ' ' || :new.item_no);
end;
/

create or replace trigger trg_call_only
  after logon on schema
  call app_ctx.init_session
/

create or replace trigger trg_instead_dept
  instead of insert or update or delete on dept_emp_v
  referencing new as n old as o
  for each row
begin
  case
    when inserting then insert into departments (department_id, department_name) values (:n.dept_id, :n.dept_name);
    when updating then update departments set department_name = :n.dept_name where department_id = :o.dept_id;
    when deleting then delete departments where department_id = :o.dept_id;
  end case;
end;
/
