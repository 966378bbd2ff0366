set define off
create or replace and compile noforce java source named "app/Text" as
package app;
import java.sql.*;
import oracle.jdbc.driver.*;
public class Text {
  private static final char Q = '\'';
  @Override
  public String toString() { return "Text;" + Q; }

  /**
   * end; begin
   */
  @SuppressWarnings("unchecked")
  public static String csv(String a, String b) {
    String s = a + ";" + b;   // ; inside a string
    if (s.contains("{{")) { s = s.replace("}}", ""); }
    return s
         / 1 == 0 ? s : s;
  }
  create();
  public static void create() {}
}
/
show errors java source "app/Text"

create or replace java source named JsonUtil as
public class JsonUtil {
  public static String quote(String s) { return "\"" + s + "\""; }
}
/
alter java source "JsonUtil" compile;
alter java class "app/Text" resolve;
create or replace java resource named "app/config.properties" using clob (select cfg from app_config where id = 1);
create java class using bfile (java_dir, 'Legacy.class');
create or replace function text_csv (a varchar2, b varchar2) return varchar2
as language java name 'app.Text.csv(java.lang.String, java.lang.String) return java.lang.String';
/
create or replace package java_api as
  function quote (s varchar2) return varchar2
    as language java name 'JsonUtil.quote(java.lang.String) return java.lang.String';
  procedure gc is language java name 'java.lang.System.gc()';
end java_api;
/
drop java source "JsonUtil";
