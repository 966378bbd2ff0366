-- WITH FUNCTION / PROCEDURE (inline PL/SQL in a query).
with
  function tax (p_amount number) return number is
  begin
    return round(p_amount * 0.2, 2);
  end;
  function label (p_name varchar2) return varchar2 is
    l varchar2(100);
  begin
    l := initcap(p_name);
    return l;
  end label;
select label(last_name), tax(salary) from employees
/

with
  procedure log_it (p varchar2) is
  begin
    null;
  end;
  function f (x number) return number deterministic is
  begin
    log_it('x');
    return x * 2;
  end;
  src as (select level n from dual connect by level <= 3)
select f(n) from src
/

WITH FUNCTION is_prime(n IN PLS_INTEGER) RETURN VARCHAR2 IS
  BEGIN
    FOR i IN 2 .. TRUNC(SQRT(n)) LOOP
      IF MOD(n, i) = 0 THEN RETURN 'N'; END IF;
    END LOOP;
    RETURN 'Y';
  END;
SELECT LEVEL n, is_prime(LEVEL) FROM dual WHERE LEVEL > 1 CONNECT BY LEVEL <= 50
/

with function dbl (x number) return number is begin return x * 2; end;
select /*+ with_plsql */ * from (select dbl(salary) s from employees)
/
