CREATE OR REPLACE PACKAGE BODY sales_reporting
AS
   -- Analytic SQL inside PL/SQL: cursors over MATCH_RECOGNIZE, MODEL and PIVOT queries.
   CURSOR c_v_shapes (p_symbol IN VARCHAR2)
   IS
      SELECT *
        FROM ticks
             MATCH_RECOGNIZE (
                PARTITION BY symbol
                ORDER BY ts
                MEASURES STRT.ts AS start_ts, LAST (DOWN.ts) AS bottom_ts, LAST (UP.ts) AS end_ts,
                         MATCH_NUMBER () AS match_no, CLASSIFIER () AS var_name
                ONE ROW PER MATCH
                AFTER MATCH SKIP TO LAST UP
                PATTERN (STRT DOWN+ UP+)
                DEFINE DOWN AS DOWN.price < PREV (DOWN.price),
                       UP AS UP.price > PREV (UP.price))
       WHERE symbol = p_symbol;

   TYPE t_shape_tab IS TABLE OF c_v_shapes%ROWTYPE;

   FUNCTION shapes (p_symbol IN VARCHAR2) RETURN t_shape_tab
   IS
      l_rows   t_shape_tab;
   BEGIN
      OPEN c_v_shapes (p_symbol);
      FETCH c_v_shapes BULK COLLECT INTO l_rows;
      CLOSE c_v_shapes;
      RETURN l_rows;
   END shapes;

   PROCEDURE forecast (p_year IN PLS_INTEGER)
   IS
   BEGIN
      FOR r IN (SELECT country, product, year, sales
                  FROM sales_view
                 MODEL RETURN UPDATED ROWS
                       PARTITION BY (country)
                       DIMENSION BY (product, year)
                       MEASURES (sales)
                       RULES SEQUENTIAL ORDER
                       (sales['Bounce', p_year] = sales['Bounce', p_year - 1] * 1.1,
                        sales[ANY, p_year] = NVL(sales[CV(), p_year], 0))
                 ORDER BY country, product)
      LOOP
         DBMS_OUTPUT.put_line (r.country || ' ' || r.product || ' ' || r.sales);
      END LOOP;
   END forecast;

   PROCEDURE quarterly (p_cur OUT SYS_REFCURSOR)
   IS
   BEGIN
      OPEN p_cur FOR
         SELECT *
           FROM (SELECT region, TO_CHAR (sold_on, 'Q') qtr, amount FROM sales)
          PIVOT (SUM (amount) AS amt, COUNT (*) AS n FOR qtr IN ('1' AS q1, '2' AS q2, '3' AS q3, '4' AS q4))
          ORDER BY region;
   END quarterly;

   PROCEDURE unpivoted (p_cur OUT SYS_REFCURSOR)
   IS
   BEGIN
      OPEN p_cur FOR
         SELECT region, qtr, amt
           FROM quarterly_sales
         UNPIVOT INCLUDE NULLS (amt FOR qtr IN (q1 AS 1, q2 AS 2, q3 AS 3, q4 AS 4));
   END unpivoted;

   FUNCTION top_earners (p_dept IN NUMBER, p_n IN PLS_INTEGER DEFAULT 5) RETURN SYS_REFCURSOR
   IS
      l_cur   SYS_REFCURSOR;
   BEGIN
      OPEN l_cur FOR
         SELECT employee_id, salary
           FROM employees
          WHERE department_id = p_dept
          ORDER BY salary DESC
          FETCH FIRST p_n ROWS WITH TIES;
      RETURN l_cur;
   END top_earners;

   PROCEDURE running_totals
   IS
      TYPE t_num IS TABLE OF NUMBER INDEX BY PLS_INTEGER;
      l_totals   t_num;
   BEGIN
      SELECT SUM (amount) OVER (ORDER BY tx_date RANGE BETWEEN INTERVAL '7' DAY PRECEDING AND CURRENT ROW)
        BULK COLLECT INTO l_totals
        FROM transactions
       WHERE tx_date >= ADD_MONTHS (TRUNC (SYSDATE, 'MM'), -1);

      SELECT NTH_VALUE (amount, 2) FROM LAST IGNORE NULLS OVER (ORDER BY tx_date)
        BULK COLLECT INTO l_totals
        FROM transactions;
   END running_totals;

   PROCEDURE hierarchy (p_root IN NUMBER)
   IS
   BEGIN
      FOR r IN (    SELECT LEVEL lvl,
                           CONNECT_BY_ROOT last_name root_name,
                           SYS_CONNECT_BY_PATH (last_name, ' > ') path,
                           CONNECT_BY_ISLEAF is_leaf
                      FROM employees
                START WITH employee_id = p_root
                CONNECT BY NOCYCLE PRIOR employee_id = manager_id
                 ORDER SIBLINGS BY last_name)
      LOOP
         DBMS_OUTPUT.put_line (LPAD (' ', r.lvl * 2) || r.path);
      END LOOP;
   END hierarchy;
END sales_reporting;
/
