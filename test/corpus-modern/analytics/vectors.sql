create table if not exists doc_chunks (
  id        number generated always as identity,
  doc_id    number,
  chunk     clob,
  embedding vector(384, float32)
);

select id, chunk
  from doc_chunks
 order by vector_distance(embedding, to_vector(:query_vec), cosine)
 fetch approx first 5 rows only with target accuracy 90;

select vector('[0.1, 0.2, 0.3]', 3, float32) as v;
