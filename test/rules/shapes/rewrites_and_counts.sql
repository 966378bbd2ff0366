create or replace procedure stamp(p_id number) as
  l_now   date;
  l_name  varchar2(100);
  l_count number;
begin
  select sysdate into l_now from dual;
  select 'RP_' || to_char(l_now, 'YYYYMMDD')   rp into l_name from dual;
  select upper(l_name) as upper_name
    into l_name
    from dual;
  select user /* who runs it */ into l_name from dual
  ;
  select   l_count   +   1   into l_count from sys.dual;
  for r in (select id from t) loop
    select count(*) into l_count from u where u.t_id = r.id;
    if l_count > 0 then
      null;
    end if;
  end loop;
  l_count := dbms_profiler.start_profiler('x');
end stamp;
/
