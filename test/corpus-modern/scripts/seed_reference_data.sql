insert into currencies (code, name, minor_units)
values ('EUR', 'Euro', 2),
       ('USD', 'US Dollar', 2),
       ('JPY', 'Yen', 0),
       ('KWD', 'Kuwaiti Dinar', 3);

insert into countries (code, name, currency)
select 'DE', 'Germany', 'EUR'
union all select 'JP', 'Japan', 'JPY'
union all select 'US', 'United States', 'USD';

commit;
