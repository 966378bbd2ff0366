-- Loads the reference data of the order application the way Oracle's sample-schema loaders do: each INSERT on
-- one SQL*Plus command line continued with a trailing hyphen.
set feedback off
INSERT INTO regions VALUES (-
 1-
,'Europe'-
);
INSERT INTO countries VALUES (-
 'AR'-
,'Argentina'-
,2-
);
INSERT INTO locations VALUES(1726-
,'Calle 40 1900'-
,'B1900'-
,'La Plata'-
,'AR'-
)
/
commit;

-- a minus after the first line of a statement is arithmetic
select region_id,
       max(location_id) -
       min(location_id) spread
  from locations
 group by region_id;

-- the old and new rows of a reconciliation, as aliases
select new.location_id, old.city old_city, new.city new_city
  from locations_stage new
  join locations old on old.location_id = new.location_id
 where old.city <> new.city;

merge into locations old
using (select location_id, city from locations_stage) new
   on (old.location_id = new.location_id)
 when matched then update set old.city = new.city;

declare
  type t_by_offset is table of varchar2(30) index by pls_integer;
  type t_by_code is table of pls_integer index by varchar2(2);
  out       varchar2(200);
  l_offsets t_by_offset;
  l_codes   t_by_code;
begin
  l_offsets := t_by_offset(-1 => 'yesterday', 0 => 'today', 1 => 'tomorrow');
  l_codes := t_by_code(upper('ar') => 2, 'D' || 'E' => 1);
  out := l_offsets(-1) || ' ' || l_codes('AR');
  dbms_output.put_line(out);
end;
/

-- on Autonomous Database, ask in plain words
select ai showsql how many locations are in each country;
select ai narrate which region has the most locations;
