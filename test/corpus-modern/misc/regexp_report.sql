select email,
       regexp_substr(email, '@(.+)$', 1, 1, null, 1) as domain,
       regexp_count(email, '\.') as dots
  from customers
 where regexp_like(email, '^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$', 'i')
 order by domain;
