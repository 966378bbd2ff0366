create or replace package body doc_search as
  -- 23ai AI vector search from PL/SQL.
  function nearest (p_query in varchar2, p_k in pls_integer default 5) return sys_refcursor is
    l_cur sys_refcursor;
    l_q   vector;
  begin
    select vector_embedding(doc_model using p_query as data) into l_q;

    open l_cur for
      select d.id, d.title, vector_distance(d.embedding, l_q, cosine) as dist
        from documents d
       order by dist
       fetch approx first p_k rows only with target accuracy 95;
    return l_cur;
  end nearest;

  function nearest_per_lang (p_q in vector) return sys_refcursor is
    l_cur sys_refcursor;
  begin
    open l_cur for
      select d.lang, d.id, d.embedding <=> p_q as cos_dist
        from documents d
       order by d.embedding <=> p_q
       fetch first 3 partitions by d.lang, 2 rows only;
    return l_cur;
  end nearest_per_lang;

  procedure chunk_all is
  begin
    insert into doc_chunks (doc_id, chunk_no, chunk_text, embedding)
    select d.id, c.chunk_offset, c.chunk_text,
           vector_embedding(doc_model using c.chunk_text as data)
      from documents d,
           vector_chunks(d.body by words max 100 overlap 10 split by sentence language american normalize all) c
     where d.chunked = false;

    update documents set chunked = true where chunked = false;
  end chunk_all;

  function distances (p_a in vector, p_b in vector) return varchar2 is
  begin
    return to_char(vector_distance(p_a, p_b, euclidean)) || '/' ||
           to_char(cosine_distance(p_a, p_b)) || '/' ||
           to_char(inner_product(p_a, p_b));
  end distances;

  function hnsw_search (p_q in vector) return sys_refcursor is
    l_cur sys_refcursor;
  begin
    open l_cur for
      select id
        from documents
       order by embedding <-> p_q
       fetch approx first 10 rows only with target accuracy 90 parameters (efsearch 400);
    return l_cur;
  end hnsw_search;
end doc_search;
/
