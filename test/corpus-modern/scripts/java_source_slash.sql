create or replace and resolve java source named "RatioUtil" as
public class RatioUtil {
  public static double ratio(double a, double b) {
    double r = a
      / b;
    return r;
  }
}
/
select 1 from dual;
