CREATE OR REPLACE EDITIONABLE TRIGGER "SALES"."INVOICES$AUD" FOR
    INSERT OR UPDATE OR DELETE ON sales.invoices
COMPOUND TRIGGER
    /* audit trail for invoices
     * keeps a counter per statement
     */
    c_table   CONSTANT user_tables.table_name%TYPE := 'INVOICES';
    v_kind    CHAR(1);
    v_rows    SIMPLE_INTEGER := 0;
    v_last    ROWID;

    PROCEDURE set_kind (p_quiet IN BOOLEAN DEFAULT FALSE) IS
    BEGIN
        IF ( inserting() ) THEN v_kind := 'I';
        ELSIF ( updating() ) THEN v_kind := 'U';
        ELSIF ( deleting() ) THEN v_kind := 'D';
        ELSIF NOT nvl(p_quiet, FALSE) THEN
            raise_application_error(-20000, 'no DML kind');
        END IF;
    END set_kind;

    FUNCTION key_changed RETURN BOOLEAN IS
    BEGIN
        RETURN :new.invoice_no || :new.series != :old.invoice_no
                                               || :old.series;
    END key_changed;

    BEFORE STATEMENT IS BEGIN
        set_kind(TRUE);
    END BEFORE STATEMENT;

    BEFORE EACH ROW IS BEGIN
        IF v_kind IS NULL THEN set_kind(); END IF;   -- MERGE
        IF updating('AMOUNT') OR updating ('CURRENCY') THEN
            :new.changed_by := nvl(sys_context('APEX$SESSION', 'APP_USER'), user);
        END IF;
        :NEW.changed_on := SYSTIMESTAMP;
    EXCEPTION
        WHEN app.app_exception THEN RAISE;
        WHEN OTHERS THEN app.raise_error('TRIGGER_FAILED', c_table);
    END BEFORE EACH ROW;

    AFTER EACH ROW IS
        l_old_json VARCHAR2(32767);
        l_new_json VARCHAR2(32767);
    BEGIN
        v_rows := v_rows + 1;
        v_last := CASE WHEN deleting THEN :OLD.ROWID ELSE :NEW.ROWID END;
        IF updating AND key_changed() THEN
            INSERT INTO invoices$his (invoice_no, series, dml_type)
            VALUES (:old.invoice_no, :old.series, 'D');
        END IF;
        SELECT json_object('no' VALUE :new.invoice_no, 'amt' VALUE :new.amount) INTO l_new_json FROM dual;
    END AFTER EACH ROW;

    AFTER STATEMENT IS
    BEGIN
        app.log_rows(in_table => c_table, in_rows => v_rows, in_last_rowid => v_last);
    END AFTER STATEMENT;
END "INVOICES$AUD";
/
ALTER TRIGGER "SALES"."INVOICES$AUD" ENABLE;

create or replace trigger ord_seq_trg
  before insert
  on orders
  referencing new as new old as old
  for each row
  when (new.order_id is null or new.order_id = 0)
begin
  select orders_seq.nextval into :new.order_id from sys.dual;
end ord_seq_trg;
/

CREATE OR REPLACE TRIGGER "BIU_CUSTOMERS"
BEFORE
insert or update on "CUSTOMERS"
for each row
begin
    if inserting and :new."ID" is null then
        :new."ID" := to_number(sys_guid(), 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX');
    end if;
    :new."EMAIL" := lower(:new."EMAIL");
end;

/
ALTER TRIGGER  "BIU_CUSTOMERS" ENABLE
/

create or replace trigger trg_lines_stmt after insert or update or delete on order_lines
declare
  pragma autonomous_transaction;
begin
  refresh_totals;
  commit;
end;
/

create or replace trigger trg_schema_logoff before logoff on schema
begin
  app_session.close_session(sys_context('userenv', 'sessionid'));
end;
/

create or replace trigger trg_suspend after suspend on database
declare
  l_ok boolean;
begin
  l_ok := dbms_resumable.space_error_info(error_type => null, object_type => null, object_owner => null,
          table_space_name => null, object_name => null, sub_object_name => null);
end;
/

create or replace trigger trg_role_change after db_role_change on database
begin
  if sys_context('userenv', 'database_role') = 'PRIMARY' then
    dbms_service.start_service('app_rw');
  end if;
end;
/

create or replace trigger trg_pdb_open after startup on pluggable database
begin
  null;
end;
/

create or replace trigger trg_instead_ddl instead of create on schema
begin
  execute immediate ora_dict_obj_name;
end;
/

create or replace trigger trg_emp_when_fn
  after update of status on emp
  for each row
  when (nvl(new.status, 'x') <> nvl(old.status, 'x') and new.status in ('A', 'B'))
  call emp_pkg.status_changed(:new.empno, :new.status)
/
