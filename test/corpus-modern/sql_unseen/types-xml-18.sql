-- Collections, TREAT, XML functions, intervals, time zones, EXTRACT, literals, CASE, regexp.
select cast(multiset(select e.last_name from employees e where e.department_id = d.department_id order by 1) as name_list) names
  from departments d;
select d.department_id, cast(collect(e.last_name order by e.last_name) as name_list) from employees e join departments d using (department_id) group by d.department_id;
select * from table(cast(:ids as sys.odcinumberlist)) t;
select t.column_value id from table(sys.odcivarchar2list('a', 'b')) t;
select count(*) from the (select names from teams where id = 1);
select treat(value(p) as employee_t).salary from persons p where value(p) is of (employee_t);
select treat(p.obj as manager_t).reports from people p where p.obj is of type (only manager_t);
select p.addr.city, p.addr.street from customers_obj p;
select value(c) from customers_obj c;
select ref(c), deref(ref(c)) from customers_obj c;
select * from customers_obj c where c.tags is not empty and 'x' member of c.tags and c.tags submultiset of c.all_tags;
select c.tags multiset union distinct c.more_tags from customers_obj c;
select cardinality(c.tags), set(c.tags) from customers_obj c;

select xmlelement("emp",
         xmlattributes(e.employee_id as "id", e.job_id),
         xmlforest(e.first_name as "first", e.last_name as "last", e.hire_date),
         xmlelement("salary", e.salary)) as x
  from employees e;
select xmlagg(xmlelement(name "e", e.last_name) order by e.last_name).getclobval() from employees e;
select xmlserialize(document xmltype('<a/>') as clob indent size = 2) from dual;
select xmlserialize(content x.doc as varchar2(4000) no indent) from xml_docs x;
select xmlquery('/order/items/item[@qty > $q]' passing o.doc, 3 as "q" returning content) from xml_orders o;
select x.* from xml_orders o,
  xmltable(xmlnamespaces(default 'urn:orders', 'urn:x' as "x"), '/order/items/item'
           passing o.doc
           columns line_no for ordinality,
                   sku   varchar2(20) path '@sku',
                   qty   number       path 'qty' default 0,
                   note  xmltype      path 'note') x;
select x.* from xmltable('/rows/row' passing xmltype(:doc) columns id number path 'id', nm varchar2(30) path 'name') x;
select x.column_value from xmltable('1 to 5') x;
select xmlcast(xmlquery('/a/b' passing doc returning content) as varchar2(100)) from xml_docs;
select * from xml_docs where xmlexists('/order[@id=$i]' passing doc, :id as "i");
select existsnode(doc, '/a'), extractvalue(doc, '/a/b') from xml_docs;
select xmlroot(xmltype('<a/>'), version '1.0', standalone yes) from dual;
select xmlpi(name "php", 'echo'), xmlcomment('c'), xmlcdata('x<y') from dual;
select xmlparse(content '<a>1</a>' wellformed) from dual;
select xmlconcat(xmlelement("a", 1), xmlelement("b", 2)) from dual;
select xmltransform(doc, xsl) from xml_docs;
select sys_xmlgen(last_name) from employees;

select hire_date + interval '1' year, hire_date - interval '3' month,
       systimestamp + interval '1 12:30:00' day to second,
       interval '2-6' year to month,
       interval '90' minute, interval '45.5' second(2,3), interval '10' day(3),
       numtodsinterval(30, 'minute'), numtoyminterval(2, 'year'),
       (systimestamp - created_at) day(9) to second(0) as age,
       (sysdate - hire_date) year to month ym
  from employees;
select from_tz(cast(created_at as timestamp), 'UTC') at time zone 'Europe/Berlin',
       created_at at local, created_at at time zone sessiontimezone, created_at at time zone dbtimezone,
       systimestamp at time zone '+02:00'
  from orders;
select extract(year from sysdate), extract(month from hire_date), extract(day from hire_date),
       extract(hour from systimestamp), extract(minute from systimestamp), extract(second from systimestamp),
       extract(timezone_hour from systimestamp), extract(timezone_region from systimestamp),
       extract(day from (sysdate - hire_date) day to second)
  from employees;
select date '2024-02-29', timestamp '2024-02-29 13:45:00', timestamp '2024-02-29 13:45:00.123 +01:00',
       timestamp '2024-02-29 13:45:00 Europe/Paris', time '10:00:00' from dual;
select to_date('31.12.2024', 'dd.mm.yyyy' default null on conversion error),
       to_number('12,5' default 0 on conversion error, '99D9', 'nls_numeric_characters='',.'''),
       cast('abc' as number default -1 on conversion error),
       validate_conversion('x' as number), validate_conversion('2024-01-01' as date, 'yyyy-mm-dd')
  from dual;

select case when salary > 10000 then 'high' when salary > 5000 then 'mid' else 'low' end band,
       case job_id when 'SA_REP' then 1 when 'SA_MAN' then 2 end code,
       case when commission_pct is null then 0 else commission_pct end comm,
       decode(department_id, 10, 'A', 20, 'B', 'Z') d,
       nullif(a, b), coalesce(a, b, c), nvl2(a, b, c), greatest(a, b), least(a, b)
  from employees;
select regexp_substr(email, '[^@]+', 1, 1), regexp_replace(phone_number, '\D', ''),
       regexp_instr(email, '@', 1, 1, 0, 'i'), regexp_count(last_name, 'a', 1, 'i'),
       regexp_substr('a,b,c', '[^,]+', 1, level)
  from employees
 where regexp_like(last_name, '^[A-M]', 'i')
connect by level <= 3;
select trim(both ' ' from x), trim(leading '0' from y), trim(trailing from z), ltrim(x), substr(x, 2)
  from t;
select sum(amount) over (order by tx_date range between interval '7' day preceding and current row) wk,
       avg(amount) over (partition by acct order by tx_date range between interval '1' month preceding and interval '1' day following) mo,
       lag(amount, 1, 0) over (partition by acct order by tx_date) prev_amt,
       lead(amount ignore nulls) over (order by tx_date) nxt,
       first_value(amount) ignore nulls over (order by tx_date rows between unbounded preceding and current row) fv,
       nth_value(amount, 2) from last respect nulls over (order by tx_date) nth,
       ratio_to_report(amount) over () ratio,
       ntile(4) over (order by amount) q
  from transactions;
