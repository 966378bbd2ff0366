-- 23ai DML: UPDATE ... FROM, DELETE ... FROM, RETURNING OLD/NEW, vectors, graphs.
update employees e
   set e.salary = e.salary * (1 + r.pct / 100)
  from raises r
 where r.job_id = e.job_id;
update employees e set e.department_id = d.department_id
  from departments d join locations l on l.location_id = d.location_id
 where d.department_name = e.dept_name and l.city = 'Seattle';
delete from order_lines ol
  from orders o
 where o.order_id = ol.order_id and o.status = 'CANCELLED';
delete order_lines ol from orders o where o.order_id = ol.order_id;
update accounts set balance = balance - 100 where id = 7
 returning old balance, new balance into :old_bal, :new_bal;
update accounts set balance = 0 where id = :id returning old balance, new balance into :prev, :cur;
delete from accounts where id = 9 returning old balance into :b;
insert into accounts (id, balance) values (10, 5) returning new id into :id;

select id, vector_distance(embedding, :qv, cosine) dist
  from docs order by dist fetch first 5 rows only;
select id from docs order by vector_distance(embedding, to_vector('[0.1, 0.2, 0.3]'), euclidean)
 fetch approx first 10 rows only with target accuracy 90;
select to_vector('[1,2,3]', 3, float32), vector('[1.5, 2.5]', 2, float64) from dual;
select cosine_distance(a.v, b.v), inner_product(a.v, b.v), l1_distance(a.v, b.v), l2_distance(a.v, b.v)
  from vecs a, vecs b;
select id from docs where embedding <=> :q < 0.5;
select id, embedding <-> :q as d, embedding <#> :q as ip from docs;
select vector_dimension_count(embedding), vector_norm(embedding), from_vector(embedding returning clob) from docs;
select vector_embedding(doc_model using 'hello world' as data) from dual;
insert into docs (id, embedding) values (1, '[0.1, 0.2, 0.3]');

select *
  from graph_table (bank_graph
         match (a is account where a.name = 'Ann') -[t is transfer]-> (b is account)
         where t.amount > 1000
         columns (a.name as from_acct, b.name as to_acct, t.amount as amount));
select gt.* from graph_table (bank_graph
         match (a) -[e]->{1,3} (b)
         columns (a.id as src, b.id as dst, vertex_id(a) as vid)) gt;
select count(*) from graph_table (g match (x is person)-[is knows]-(y is person) columns (x.id)) ;
