CREATE OR REPLACE PACKAGE BODY Shop_Json_Pkg AS
  /* JSON in cursors, cursor FOR loops and SELECT INTO, in upper case with comments in odd places. */

  CURSOR cur_items (pi_order_id IN orders.order_id%TYPE) IS
    SELECT jt.line#, jt.sku, jt.qty, jt.unit_price, jt.qty * jt.unit_price AS line_total
      FROM orders o
     CROSS APPLY JSON_TABLE (o.payload, '$.lines[*]'   -- one row per line
                             COLUMNS (line#       FOR ORDINALITY,
                                      sku         VARCHAR2(40)  PATH '$.sku'  ERROR ON ERROR,
                                      qty         NUMBER        PATH '$.qty'  DEFAULT 1 ON EMPTY,
                                      unit_price  NUMBER(12, 2) PATH '$.price',
                                      gift        VARCHAR2(5)   EXISTS PATH '$.gift_wrap'
                                     )) jt
     WHERE o.order_id = pi_order_id;

  FUNCTION Lines_Total (pi_order_id IN NUMBER) RETURN NUMBER IS
    l_sum NUMBER := 0;
  BEGIN
    FOR rec IN cur_items (pi_order_id) LOOP
      l_sum := l_sum + rec.line_total;
    END LOOP;
    RETURN l_sum;
  END Lines_Total;

  FUNCTION Customer_Doc (pi_cust_id IN NUMBER) RETURN CLOB IS
    l_doc CLOB;
  BEGIN
    SELECT JSON_OBJECT (
             KEY 'customer' VALUE c.name,
             KEY 'email'    VALUE c.email,
             KEY 'orders'   VALUE (
               SELECT JSON_ARRAYAGG (
                        JSON_OBJECT ('id' VALUE o.order_id,
                                     'date' VALUE TO_CHAR(o.created_at, 'YYYY-MM-DD'),
                                     'total' VALUE o.total
                                     ABSENT ON NULL)
                        ORDER BY o.created_at DESC
                        RETURNING CLOB)
                 FROM orders o
                WHERE o.customer_id = c.customer_id
             ) FORMAT JSON
             RETURNING CLOB
           )
      INTO l_doc
      FROM customers c
     WHERE c.customer_id = pi_cust_id;
    RETURN l_doc;
  END Customer_Doc;

  PROCEDURE Apply_Discount (pi_order_id IN NUMBER, pi_pct IN NUMBER) IS
  BEGIN
    UPDATE orders o
       SET o.payload = JSON_TRANSFORM (o.payload,
                                       SET '$.discount_pct' = pi_pct,
                                       SET '$.updated' = SYSTIMESTAMP,
                                       REMOVE '$.coupon'
                                       RETURNING CLOB)
     WHERE o.order_id = pi_order_id
       AND JSON_VALUE (o.payload, '$.status') IN ('NEW', 'PENDING')
       AND o.payload IS JSON;
  END Apply_Discount;

  FUNCTION Has_Backorder (pi_order_id IN NUMBER) RETURN BOOLEAN IS
    l_cnt PLS_INTEGER;
  BEGIN
    SELECT COUNT (*)
      INTO l_cnt
      FROM orders o
     WHERE o.order_id = pi_order_id
       AND JSON_EXISTS (o.payload, '$.lines[*]?(@.qty > @.in_stock)');
    RETURN l_cnt > 0;
  END Has_Backorder;

  FUNCTION Tag_List (pi_order_id IN NUMBER) RETURN VARCHAR2 IS
    l_tags VARCHAR2(4000);
  BEGIN
    SELECT LISTAGG (t.tag, ', ') WITHIN GROUP (ORDER BY t.tag)
      INTO l_tags
      FROM orders o,
           JSON_TABLE (o.payload, '$.tags[*]' COLUMNS (tag VARCHAR2(30) PATH '$')) t
     WHERE o.order_id = pi_order_id;
    RETURN l_tags;
  END Tag_List;

  PROCEDURE Print_Addresses IS
  BEGIN
    FOR r IN (SELECT c.profile.address.city        AS city,
                     c.profile.address.zip.string() AS zip,
                     c.profile.phones[0].number    AS first_phone
                FROM customers c
               WHERE c.profile.address.country = 'DE') LOOP
      DBMS_OUTPUT.PUT_LINE (r.city || ' ' || r.zip || ' ' || r.first_phone);
    END LOOP;
  END Print_Addresses;

  PROCEDURE Store_Settings (pi_user IN VARCHAR2, pi_theme IN VARCHAR2, pi_size IN PLS_INTEGER) IS
  BEGIN
    MERGE INTO user_settings s
    USING (SELECT pi_user AS username FROM dual) u
       ON (s.username = u.username)
     WHEN MATCHED THEN
       UPDATE SET s.cfg = JSON_MERGEPATCH (s.cfg, JSON_OBJECT ('theme' VALUE pi_theme, 'size' VALUE pi_size))
     WHEN NOT MATCHED THEN
       INSERT (username, cfg)
       VALUES (u.username, JSON_OBJECT ('theme' VALUE pi_theme, 'size' VALUE pi_size RETURNING JSON));
  END Store_Settings;
END Shop_Json_Pkg;
/
