/**
 * The two inputs of the memory benchmark (issue 19): a 20 MB file of ordinary procedures (cursor loops, SELECT
 * INTO, DML, COMMIT, handlers; distinct names, so 16,000 units) and one anonymous block of 300,000 statements.
 */

/** One procedure as application code writes it: about 1.3 KB, several findings. */
function procedure(i: number): string {
  return `create or replace procedure load_orders_${i}(p_region in varchar2, p_days in number default 30) is
  cursor c_orders is
    select o.order_id, o.customer_id, o.amount, o.status
      from orders o
     where o.region = p_region
       and o.created_at > sysdate - p_days;
  l_total   number := 0;
  l_count   pls_integer := 0;
  l_name    customers.name%type;
  type t_ids is table of number index by pls_integer;
  l_ids     t_ids;
begin
  for r in c_orders loop
    select c.name into l_name from customers c where c.customer_id = r.customer_id;
    if r.status = 'OPEN' then
      update orders set status = 'SEEN', seen_at = sysdate where order_id = r.order_id;
      l_count := l_count + 1;
    end if;
    l_total := l_total + nvl(r.amount, 0);
    l_ids(l_ids.count + 1) := r.order_id;
    insert into order_audit(order_id, customer_name, amount, created_at)
    values (r.order_id, l_name, r.amount, sysdate);
    commit;
  end loop;
  for i in 1 .. l_ids.count loop
    delete from order_queue q where q.order_id = l_ids(i);
  end loop;
  dbms_output.put_line('region ' || p_region || ': ' || l_count || ' orders, total ' || l_total);
exception
  when no_data_found then
    dbms_output.put_line('no customer for region ' || p_region);
  when others then
    rollback;
    raise;
end load_orders_${i};
/

`;
}

/** Procedures with distinct names until the text reaches `bytes`. */
export function manyProcedures(bytes = 20 * 1024 * 1024): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const text = procedure(i);
    parts.push(text);
    size += text.length;
  }
  return parts.join('');
}

/** `declare x number := 0; begin x := x + 0; ... end;` with `count` assignments. */
export function longBlock(count = 300_000): string {
  const lines = ['declare', '  x number := 0;', 'begin'];
  for (let i = 0; i < count; i++) lines.push(`  x := x + ${i};`);
  lines.push('end;', '/', '');
  return lines.join('\n');
}
