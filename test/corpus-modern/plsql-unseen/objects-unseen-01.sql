create or replace type shape_t force as object (
  name varchar2(30),
  constructor function shape_t (name varchar2) return self as result,
  member function area return number,
  member procedure describe (self in shape_t),
  map member function sort_key return number,
  static function unit return shape_t
) not final not instantiable;
/

create or replace type circle_t under shape_t (
  radius number,
  constructor function circle_t (radius number) return self as result,
  overriding member function area return number,
  final member function diameter return number
) final;
/

create or replace type money_t as object (
  amount   number(12,2),
  currency char(3),
  order member function compare (other money_t) return integer,
  member function plus (other in money_t) return money_t deterministic
);
/

create or replace type body shape_t as
  constructor function shape_t (name varchar2) return self as result is
  begin
    self.name := name;
    return;
  end;
  member function area return number is begin return 0; end;
  member procedure describe (self in shape_t) is
  begin
    dbms_output.put_line(self.name || ': ' || self.area());
  end describe;
  map member function sort_key return number is
  begin
    return area();
  end;
  static function unit return shape_t is
  begin
    return null;
  end unit;
end;
/

create or replace type body circle_t is
  constructor function circle_t (radius number) return self as result as
  begin
    self.name := 'circle';
    self.radius := radius;
    return;
  end circle_t;
  overriding member function area return number is
  begin
    return acos(-1) * radius ** 2;
  end area;
  final member function diameter return number is
  begin
    return (self as shape_t).area() * 0 + 2 * radius;
  end;
end;
/

create or replace type body money_t as
  order member function compare (other money_t) return integer is
  begin
    if self.currency <> other.currency then
      raise_application_error(-20001, 'currency mismatch');
    end if;
    return sign(self.amount - other.amount);
  end compare;
  member function plus (other in money_t) return money_t deterministic is
  begin
    return money_t(self.amount + other.amount, currency);
  end;
end;
/

create or replace type num_list force is table of number;
/
create or replace type name_arr as varray(50) of varchar2(100);
/
create or replace type addr_t authid current_user as object (street varchar2(80), city varchar2(40)) not final;
/
create or replace type addr_list as table of addr_t;
/
create or replace noneditionable type ts_pair as object (a timestamp with time zone, b interval day(3) to second(6));
/
create type person_t as object (
  id number,
  name varchar2(100),
  not instantiable member function kind return varchar2
) not instantiable not final;
/
alter type person_t add attribute (email varchar2(200)) cascade;
alter type shape_t compile body;
alter package customer_api compile;
alter package customer_api compile body reuse settings;
alter procedure p compile plsql_optimize_level = 3 plsql_code_type = native;
alter function f compile debug;
alter trigger emp_bi compile;
alter type circle_t compile specification;
