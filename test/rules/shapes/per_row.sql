create or replace procedure p is
begin
  for r in (select id from t) loop
    begin
      update t set x = 1 where id = r.id;
      commit;
    exception
      when others then null;
    end;
    for s in (select id from u where u.t_id = r.id) loop
      null;
    end loop;
  end loop;
end;
/
