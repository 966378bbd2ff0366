create or replace package body batch_loader is

  -- DML with every clause, as batch code writes it.
  procedure load_customers (p_batch_id in number) is
    l_rows pls_integer;
  begin
    merge into customers c
    using (select s.id, s.name, s.email, s.deleted
             from staging_customers s
            where s.batch_id = p_batch_id) s
       on (c.id = s.id)
     when matched then
       update set c.name = s.name,
                  c.email = s.email,
                  c.updated_at = systimestamp
        where decode(c.name, s.name, 0, 1) = 1
       delete where s.deleted = 'Y'
     when not matched then
       insert (id, name, email, created_at)
       values (s.id, s.name, s.email, systimestamp)
        where s.deleted = 'N'
    log errors into err$_customers ('batch ' || p_batch_id) reject limit unlimited;
    l_rows := sql%rowcount;

    insert all
      when kind = 'P' then into people (id, name) values (id, name)
      when kind = 'C' then into companies (id, name) values (id, name)
                           into company_audit (id, audited_at) values (id, sysdate)
      else into unknown_parties (id) values (id)
    select id, name, kind from staging_parties where batch_id = p_batch_id;

    insert into archive_customers
    select * from customers where updated_at < add_months(sysdate, -24)
    log errors reject limit 50;

    update customers partition (p_active) c
       set c.status = 'DORMANT'
     where c.updated_at < add_months(sysdate, -12)
    log errors into err$_customers reject limit 10;

    delete from customers c
     where c.status = 'DELETED'
       and not exists (select null from orders o where o.customer_id = c.id)
    log errors into err$_customers ('purge') reject limit unlimited;
  end load_customers;

  procedure lock_next (p_id out number) is
    cursor c_queue is
      select id
        from work_queue
       where status = 'READY'
       order by priority desc, id
         for update of status skip locked;
    cursor c_wait is
      select id from work_queue where status = 'HELD' for update wait 5;
    cursor c_nowait (p_q varchar2) is
      select q.id, q.status from work_queue q join queues qq on qq.name = q.queue
       where qq.name = p_q
         for update of q.status, q.owner nowait;
  begin
    open c_queue;
    fetch c_queue into p_id;
    if c_queue%found then
      update work_queue set status = 'RUNNING' where current of c_queue;
    end if;
    close c_queue;
    for r in (select id from work_queue where status = 'NEW' for update skip locked) loop
      update work_queue set status = 'READY' where id = r.id;
    end loop;
  end lock_next;

  procedure snapshot (p_scn in number, p_ts in timestamp) is
    l_cnt number;
  begin
    select count(*) into l_cnt from customers as of scn p_scn;
    select count(*) into l_cnt from customers as of timestamp p_ts c where c.status = 'NEW';
    select count(*) into l_cnt from customers versions between timestamp p_ts and systimestamp;
    select count(*) into l_cnt from customers versions between scn minvalue and maxvalue
     where versions_operation = 'D';
    select count(*) into l_cnt from contracts versions period for valid_period between p_ts and systimestamp;
    select count(*) into l_cnt from contracts as of period for valid_period p_ts;
    select count(*) into l_cnt from customers sample (1) seed (7);
    select count(*) into l_cnt from sales partition for (date '2024-01-01') s;
  end snapshot;

  procedure returning_demo (p_id in number) is
    l_old number;
    l_new number;
    type t_ids is table of number;
    l_ids t_ids;
  begin
    update accounts
       set balance = balance * 1.01
     where id = p_id
    returning old balance, new balance into l_old, l_new;

    delete from accounts where closed = 'Y' returning id bulk collect into l_ids;

    forall i in 1 .. l_ids.count
      insert into closed_accounts (id) values (l_ids(i)) log errors reject limit unlimited;

    forall i in indices of l_ids
      merge into account_stats s using (select l_ids(i) id from dual) d on (s.id = d.id)
       when matched then update set s.closed_cnt = s.closed_cnt + 1
       when not matched then insert (id, closed_cnt) values (d.id, 1);
  end returning_demo;

  procedure update_from (p_batch number) is
  begin
    update customers c
       set c.segment = s.segment
      from customer_segments s
     where s.customer_id = c.id and s.batch_id = p_batch;
    delete customers c
      from blacklist b
     where b.email = c.email;
    insert into status_codes (code, label) values ('A', 'Active'), ('I', 'Inactive');
  end update_from;

end batch_loader;
/
