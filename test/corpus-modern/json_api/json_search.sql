select d.id, d.doc.title
  from documents d
 where json_textcontains(d.doc, '$.body', 'oracle')
   and d.doc.meta.lang.string() = 'en'
   and json_exists(d.doc, '$.tags[*]?(@ == "db")')
 order by d.doc.meta.published.date() desc
 fetch first 25 rows only;
