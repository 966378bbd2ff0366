create or replace package body task_board
as
  -- 23ai SQL inside PL/SQL.
  function next_number return number
  is
    l_n number;
  begin
    select seq_tasks.nextval into l_n;
    select 1 + 1, sysdate into l_n, g_now;
    return l_n;
  end next_number;

  procedure seed
  is
  begin
    insert into task_status (code, label, is_final)
    values ('NEW', 'New', false),
           ('WIP', 'In progress', false),
           ('DONE', 'Done', true);

    insert into task_tags (task_id, tag)
    select v.task_id, v.tag
      from (values (1, 'ui'), (1, 'bug'), (2, 'infra')) v (task_id, tag);

    merge into task_prio p
    using (values (1, 'HIGH'), (2, 'LOW')) s (task_id, prio)
       on (p.task_id = s.task_id)
     when matched then update set p.prio = s.prio
     when not matched then insert (task_id, prio) values (s.task_id, s.prio);
  end seed;

  function open_count (p_board in number) return pls_integer
  is
    l_cnt pls_integer;
    l_done boolean;
  begin
    select count(*) filter (where not t.is_done),
           bool_and(t.is_done)
      into l_cnt, l_done
      from tasks t
     where t.board_id = p_board
       and t.is_archived is not true;
    return l_cnt;
  end open_count;

  procedure close_done (p_board in number)
  is
    type t_ids is table of tasks.id%type;
    l_old t_ids;
    l_new t_ids;
  begin
    update tasks t
       set t.is_archived = true,
           t.archived_on = systimestamp
      from boards b
     where b.id = t.board_id
       and b.id = p_board
       and t.is_done
    returning old t.is_archived, new t.is_archived bulk collect into l_old, l_new;

    delete from task_tags tt
      from tasks t
     where t.id = tt.task_id and t.is_archived;
  end close_done;

  procedure report (p_board in number)
  is
  begin
    for r in (select t.assignee, count(*) n, sum(t.points) pts
                from tasks t
               where t.board_id = p_board
               group by all
              having count(*) > 1
              qualify rank() over (order by sum(t.points) desc) <= 3)
    loop
      dbms_output.put_line(r.assignee || ': ' || r.n);
    end loop;

    for r in (select to_char(t.created_on, 'YYYY-MM') as mon, count(*) as n
                from tasks t
               group by mon
               order by mon)
    loop
      null;
    end loop;

    for r in (select t.assignee, t.points,
                     avg(t.points) over w as avg_pts,
                     sum(t.points) over (w rows between unbounded preceding and current row) as run_pts
                from tasks t
              window w as (partition by t.assignee order by t.created_on))
    loop
      null;
    end loop;
  end report;

  function similar_tasks (p_task in number) return sys_refcursor
  is
    l_cur sys_refcursor;
    l_vec vector;
  begin
    select embedding into l_vec from tasks where id = p_task;
    open l_cur for
      select t.id, vector_distance(t.embedding, l_vec, cosine) as dist
        from tasks t
       where t.id <> p_task
       order by dist
       fetch approx first 10 rows only;
    return l_cur;
  end similar_tasks;
end task_board;
/
