create or replace package body batch$util as

  g_mode constant varchar2(10) := case when sys_context('userenv', 'db_name') like '%PRD%' then 'PROD' else 'TEST' end;
  g_flag boolean := case g_mode when 'PROD' then true else false end;

  cursor c_jobs (p_kind varchar2) is
    select j.id,
           case j.status when 'R' then 'running' when 'F' then 'failed' else 'other' end status_txt,
           case when j.ended is null then 'open' end state
      from batch_jobs j
     where j.kind = p_kind;

  type t_job_tab is table of c_jobs%rowtype;

  function end_process (p_id number) return boolean;

  procedure begin_process (p_id number) is
    loop_count pls_integer := 0;
    if_flag    boolean := false;
    end_date   date := case when p_id > 0 then sysdate end;
  begin
    <<work>>
    loop
      loop_count := loop_count + 1;
      exit work when loop_count > 10 or end_process(p_id);
      case
        when mod(loop_count, 2) = 0 then if_flag := not if_flag;
        else null;
      end case;
    end loop work;
  end begin_process;

  function end_process (p_id number) return boolean is
    l_jobs t_job_tab;
    function nested_case (n number) return varchar2 is
    begin
      return case n when 1 then 'one' when 2 then 'two' else case when n < 0 then 'neg' else 'many' end end;
    end nested_case;
  begin
    open c_jobs('X');
    fetch c_jobs bulk collect into l_jobs;
    close c_jobs;
    for i in 1 .. l_jobs.count loop
      if l_jobs(i).status_txt = 'failed' then
        return true;
      elsif l_jobs(i).state is null then
        continue;
      end if;
    end loop;
    return nested_case(l_jobs.count) = 'one';
  end end_process;

  procedure "Mixed Name" is begin null; end;

  procedure run# (p_x in out nocopy number) is
  begin
    p_x := p_x + 1;
  end run#;

begin
  if g_flag then
    begin_process(0);
  end if;
end batch$util;
/
