set serveroutput on size unlimited
set define off
whenever sqlerror exit sql.sqlcode rollback
prompt Installing ...

exec dbms_output.put_line('hello');
execute dbms_output.put_line('hello again')
exec begin dbms_output.put_line('one'); dbms_output.put_line('two'); end;
exec declare l number := 1; begin l := l + 1; dbms_output.put_line(l); end;
EXEC :rc := 0
exec dbms_stats.gather_table_stats(ownname => user, -
      tabname => 'ORDERS', -
      cascade => true)
execute dbms_session.set_context('app_ctx', 'user_id', '42');
exec for r in (select table_name from user_tables) loop dbms_output.put_line(r.table_name); end loop;
exec if 1 = 1 then null; end if;
exec null;
exec app_pkg.run;

variable rc refcursor
variable n number
exec open :rc for select * from dual;
print rc
exec select count(*) into :n from user_objects;
exec :n := :n + 1;

column object_name format a30 -
       heading 'Object'
ttitle left 'Report' -
       right 'page' sql.pno skip 2

begin
  dbms_output.put_line('block');
end;
/

create or replace and compile java source named "Hello" as
public class Hello {
  public static String greet(String who) {
    return "Hello, " + who + "/" + who;
  }
}
/

create or replace and resolve java source named "Util" as
public class Util {
  /* a comment
/ with a slash at line start */
  public static int twice(int x) { return x * 2; }
}
/

create and compile java source named app."Calc" as
import java.math.BigDecimal;
public class Calc {
  public static BigDecimal add(BigDecimal a, BigDecimal b) {
    // begin end; looks like PL/SQL but is not
    return a.add(b);
  }
}
/

create or replace function java_twice (x number) return number
as language java name 'Util.twice(int) return int';
/

create or replace procedure hello_j (who varchar2) is language java name 'Hello.greet(java.lang.String)';
/

show errors
@@next_step.sql
exec null
exec commit
exec begin app_ctx.init; end
exec for r in (select 1 n from dual) loop dbms_output.put_line(r.n); end loop
exit
