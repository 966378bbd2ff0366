create or replace trigger orders_audit
  for insert or update or delete on orders
  compound trigger

  type t_changes is table of order_audit%rowtype index by pls_integer;
  g_changes t_changes;

  procedure flush_changes is
  begin
    forall i in 1 .. g_changes.count
      insert into order_audit values g_changes(i);
    g_changes.delete;
  end flush_changes;

  before statement is
  begin
    g_changes.delete;
  end before statement;

  after each row is
    l_idx pls_integer := g_changes.count + 1;
  begin
    g_changes(l_idx).order_id   := coalesce(:new.order_id, :old.order_id);
    g_changes(l_idx).changed_at := systimestamp;
    g_changes(l_idx).action     := case when inserting then 'I' when updating then 'U' else 'D' end;
    if g_changes.count >= 1000 then
      flush_changes;
    end if;
  end after each row;

  after statement is
  begin
    flush_changes;
  end after statement;

end orders_audit;
/
