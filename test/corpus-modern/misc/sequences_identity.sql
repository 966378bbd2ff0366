create sequence if not exists invoice_seq start with 1000 cache 50;

create table if not exists tickets (
  ticket_id   number generated always as identity (start with 1 increment by 1),
  title       varchar2(200) not null,
  opened_at   timestamp default systimestamp,
  closed      boolean default false
);

insert into tickets (title) values ('printer on fire'), ('coffee machine empty');

select ticket_id, title from tickets where not closed order by ticket_id;
