select * from orders order by created_at desc fetch first 5 percent rows only;
select * from orders order by amount desc offset 10 rows;
select * from orders order by amount desc offset 5 rows fetch next 5 rows with ties;
