create or replace procedure find(p_name varchar2) as
  l_count number;
begin
  select count(*) into l_count from customers c where upper(c.last_name) = p_name;
  select count(*) into l_count from customers c
   where c.active = 'Y' and trunc(c.created) = trunc(sysdate);
end find;
/
