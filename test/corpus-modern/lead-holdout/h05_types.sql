create or replace type shape_t as object (
  name varchar2(30),
  member function area return number,
  map member function sort_key return number,
  constructor function shape_t(p_name varchar2) return self as result
) not final not instantiable;
/
create or replace type circle_t under shape_t (
  radius number,
  overriding member function area return number,
  static function unit return circle_t
);
/
create or replace type body circle_t as
  overriding member function area return number is
  begin
    return acos(-1) * radius * radius;
  end;
  static function unit return circle_t is
  begin
    return circle_t('unit', 1);
  end;
end;
/
create or replace package util_pkg authid definer accessible by (package orders_api, procedure run_jobs)
is
  subtype t_flag is varchar2(1 char);
  subtype t_small is pls_integer range 0 .. 100;
  c_yes constant t_flag := 'Y';
  type t_row is record (id number not null := 0, label varchar2(100) default 'n/a');
  function to_flag(p_bool in boolean) return t_flag;
  pragma udf;
  procedure log_it(p_msg varchar2) ;
  pragma deprecate (log_it, 'use logger.log');
end util_pkg;
/
