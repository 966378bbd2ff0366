CREATE OR REPLACE PACKAGE BODY Stock_Feed AS
  --------------------------------------------------------------------------
  -- price feed loader: records, collections, cursors, exceptions
  --------------------------------------------------------------------------
  TYPE t_price IS RECORD (
    symbol   prices.symbol%TYPE,
    trade_dt DATE := TRUNC(SYSDATE),
    open_px  NUMBER,
    close_px NUMBER,
    volume   PLS_INTEGER DEFAULT 0
  );
  TYPE t_prices   IS TABLE OF t_price INDEX BY BINARY_INTEGER;
  TYPE t_by_sym   IS TABLE OF t_prices INDEX BY VARCHAR2(12);
  TYPE t_matrix   IS TABLE OF sys.odcinumberlist INDEX BY PLS_INTEGER;
  TYPE t_rowtab   IS TABLE OF prices%ROWTYPE INDEX BY prices.symbol%TYPE;
  TYPE t_rc       IS REF CURSOR RETURN prices%ROWTYPE;

  g_book   t_by_sym;
  g_loaded BOOLEAN := FALSE;

  CURSOR c_latest (p_days IN PLS_INTEGER := 5, p_sym VARCHAR2 DEFAULT NULL) IS
    SELECT p.*
      FROM prices p
     WHERE p.trade_dt >= TRUNC(SYSDATE) - p_days
       AND (p_sym IS NULL OR p.symbol = p_sym)
     ORDER BY p.symbol, p.trade_dt DESC
       FOR UPDATE OF p.volume SKIP LOCKED;

  FUNCTION is_loaded RETURN BOOLEAN IS BEGIN RETURN g_loaded; END;

  PROCEDURE load (p_days IN PLS_INTEGER DEFAULT 5) IS
    l_rec     c_latest%ROWTYPE;
    l_px      t_price;
    l_count   PLS_INTEGER := 0;
    l_m       t_matrix;
  BEGIN
    OPEN c_latest(p_days);
    LOOP
      FETCH c_latest INTO l_rec;
      EXIT WHEN c_latest%NOTFOUND;
      l_px.symbol   := l_rec.symbol;
      l_px.trade_dt := l_rec.trade_dt;
      l_px.open_px  := l_rec.open_px;
      l_px.close_px := l_rec.close_px;
      IF NOT g_book.EXISTS(l_px.symbol) THEN
        g_book(l_px.symbol) := t_prices();
      END IF;
      g_book(l_px.symbol)(g_book(l_px.symbol).COUNT + 1) := l_px;
      l_count := l_count + 1;
    END LOOP;
    CLOSE c_latest;
    l_m(1) := sys.odcinumberlist(1, 2, 3);
    l_m(1).EXTEND;
    l_m(1)(4) := 4;
    l_m(1).TRIM(1);
    l_m.DELETE;
    g_loaded := l_count > 0;
  EXCEPTION
    WHEN OTHERS THEN
      IF c_latest%ISOPEN THEN CLOSE c_latest; END IF;
      RAISE;
  END load;

  FUNCTION spread (p_sym VARCHAR2) RETURN NUMBER IS
    l_hi NUMBER := -1e38;
    l_lo NUMBER := 1e38;
    l_i  PLS_INTEGER;
  BEGIN
    l_i := g_book(p_sym).FIRST;
    WHILE l_i IS NOT NULL LOOP
      l_hi := GREATEST(l_hi, g_book(p_sym)(l_i).close_px);
      l_lo := LEAST(l_lo, g_book(p_sym)(l_i).close_px);
      l_i := g_book(p_sym).NEXT(l_i);
    END LOOP;
    RETURN l_hi - l_lo;
  EXCEPTION
    WHEN NO_DATA_FOUND THEN RETURN NULL;
  END spread;

  PROCEDURE save_all IS
    l_rows t_rowtab;
    l_key  prices.symbol%TYPE;
    TYPE t_plain IS TABLE OF prices%ROWTYPE;
    l_plain t_plain := t_plain();
  BEGIN
    l_key := l_rows.FIRST;
    WHILE l_key IS NOT NULL LOOP
      l_plain.EXTEND;
      l_plain(l_plain.LAST) := l_rows(l_key);
      l_key := l_rows.NEXT(l_key);
    END LOOP;
    FORALL i IN 1 .. l_plain.COUNT
      INSERT INTO prices_hist VALUES l_plain(i);
    FORALL i IN 1 .. l_plain.COUNT
      UPDATE prices SET ROW = l_plain(i) WHERE symbol = l_plain(i).symbol AND trade_dt = l_plain(i).trade_dt;
    INSERT INTO prices VALUES l_plain(1);
    SAVEPOINT before_purge;
    DELETE FROM prices WHERE trade_dt < ADD_MONTHS(SYSDATE, -24);
    IF SQL%ROWCOUNT > 100000 THEN
      ROLLBACK TO SAVEPOINT before_purge;
    END IF;
    COMMIT WRITE BATCH NOWAIT;
  END save_all;

  PROCEDURE txn_demo IS
  BEGIN
    SET TRANSACTION READ ONLY NAME 'report';
    LOCK TABLE prices IN SHARE ROW EXCLUSIVE MODE NOWAIT;
    COMMIT;
    SET TRANSACTION ISOLATION LEVEL SERIALIZABLE;
    ROLLBACK;
  END txn_demo;

END Stock_Feed;
/
