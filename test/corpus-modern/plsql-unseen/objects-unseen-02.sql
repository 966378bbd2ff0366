create or replace type emp_t under person_t not final;
/
create or replace type java_obj_t as object (
  id number,
  member function describe return varchar2
    as language java name 'JavaObj.describe() return java.lang.String',
  static procedure reset is language java name 'JavaObj.reset()',
  constructor function java_obj_t (id number) return self as result
    as language java name 'JavaObj.create(java.math.BigDecimal) return JavaObj'
);
/
create or replace type nn_list as table of (varchar2(30) not null);
/
create or replace type nn_arr as varray(10) of (number not null);
/
create or replace type pt_t as object (x number, y number) not persistable;
/
create or replace type id_list_t oid '19A57209ECB73F91E03400400B40BBE3' as table of number;
/
create or replace type shape2 sharing = metadata authid definer as object (a number);
/
create or replace type acc_t accessible by (package p1) as object (a number);
/
exec close :rc
begin
  close :rc;
end;
/
