declare
  type t_ids   is table of pls_integer index by pls_integer;
  type t_names is table of varchar2(100) index by pls_integer;
  l_ids    t_ids;
  l_names  t_names;
  l_pick   t_ids;
  l_failed pls_integer;
  bulk_errors exception;
  pragma exception_init (bulk_errors, -24381);
begin
  select object_id, object_name bulk collect into l_ids, l_names from user_objects where rownum <= 1000;
  l_pick(1) := 3; l_pick(2) := 7;

  forall i in values of l_pick
    insert into obj_copy (id, name) values (l_ids(i), l_names(i));

  forall i in indices of l_ids save exceptions
    merge into obj_copy c
    using (select l_ids(i) id, l_names(i) name from dual) s
       on (c.id = s.id)
     when matched then update set c.name = s.name
     when not matched then insert (id, name) values (s.id, s.name);

  forall j in 1 .. l_ids.count
    execute immediate 'update obj_copy set name = :n where id = :i' using l_names(j), l_ids(j);

  forall k in l_ids.first .. l_ids.last
    delete /*+ index(c) */ from obj_copy c where c.id = l_ids(k) and c.name like 'TMP%';

  forall k in 1 .. 10
    insert /*+ append_values */ into obj_copy values (l_ids(k), l_names(k));

  for i in 1 .. l_ids.count loop
    dbms_output.put_line(sql%bulk_rowcount(i));
  end loop;
exception
  when bulk_errors then
    l_failed := sql%bulk_exceptions.count;
    for e in 1 .. l_failed loop
      dbms_output.put_line(
        'index ' || sql%bulk_exceptions(e).error_index ||
        ' code ' || sql%bulk_exceptions(e).error_code ||
        ' ' || sqlerrm(-1 * sql%bulk_exceptions(e).error_code));
    end loop;
    rollback;
end;
/
