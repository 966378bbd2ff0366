create or replace package body xml_feed as
  -- XML generation and shredding inside PL/SQL.
  function feed (p_since date) return clob is
    l_doc clob;
  begin
    select xmlserialize(document
             xmlroot(
               xmlelement("feed",
                 xmlattributes(to_char(sysdate, 'YYYY-MM-DD') as "generated", 'urn:feed' as "xmlns"),
                 xmlagg(
                   xmlelement("item",
                     xmlattributes(p.id as "id"),
                     xmlforest(p.title as "title", p.price as "price", p.updated_at as "updated"),
                     xmlelement("tags", (select xmlagg(xmlelement("tag", t.tag)) from product_tags t where t.product_id = p.id))
                   ) order by p.id)),
               version '1.0', standalone yes)
             as clob indent size = 2)
      into l_doc
      from products p
     where p.updated_at >= p_since;
    return l_doc;
  end feed;

  procedure import (p_doc in clob) is
    l_x xmltype := xmltype(p_doc);
  begin
    merge into products p
    using (select x.id, x.title, x.price
             from xmltable('/feed/item' passing l_x
                           columns id    number        path '@id',
                                   title varchar2(200) path 'title',
                                   price number        path 'price' default 0) x) s
       on (p.id = s.id)
     when matched then update set p.title = s.title, p.price = s.price
     when not matched then insert (id, title, price) values (s.id, s.title, s.price);

    insert into product_tags (product_id, tag)
    select x.id, t.tag
      from xmltable('/feed/item' passing l_x columns id number path '@id', tags xmltype path 'tags') x,
           xmltable('/tags/tag' passing x.tags columns tag varchar2(50) path '.') t;

    if xmlexists('/feed/item[@id = $id]' passing l_x, 0 as "id") then
      raise_application_error(-20010, 'item 0 is reserved');
    end if;
  end import;

  function title_of (p_doc in xmltype, p_id in number) return varchar2 is
    l_title varchar2(200);
  begin
    select xmlcast(xmlquery('/feed/item[@id=$i]/title/text()' passing p_doc, p_id as "i" returning content) as varchar2(200))
      into l_title
      from dual;
    return l_title;
  end title_of;
end xml_feed;
/
