create or replace editionable package app_owner.customer_api
  authid definer
  accessible by (package app_owner.customer_ui, procedure app_owner.batch_load, trigger app_owner.cust_trg, type cust_t, function f1)
  default collation using_nls_comp
as
  pragma serially_reusable;

  subtype t_name is varchar2(100 char);
  subtype t_flag is pls_integer range 0 .. 1 not null;
  subtype t_small is binary_integer range -10 .. 10;
  subtype t_utf is varchar2(50) character set any_cs;
  subtype t_amount is number(12, 2);
  subtype t_id is customers.customer_id%type;

  c_version constant varchar2(10) := '2.3.1';
  c_max     constant pls_integer default 100;
  g_debug   boolean := false;

  e_not_found exception;
  pragma exception_init(e_not_found, -20404);

  type t_customer is record (
    id        customers.customer_id%type,
    name      t_name not null := 'anonymous',
    created   date default sysdate,
    tags      sys.odcivarchar2list
  );
  type t_customers is table of t_customer index by pls_integer;
  type t_codes is varray(20) of varchar2(3);
  type t_cur is ref cursor return customers%rowtype;
  type t_weak is ref cursor;

  function get (p_id in t_id) return t_customer result_cache;
  function name_of (p_id t_id) return varchar2 deterministic parallel_enable;
  function legacy (p_id t_id) return varchar2;
  pragma deprecate (legacy, 'use name_of instead');
  pragma restrict_references (name_of, wnds, wnps, rnps);
  procedure save (p_row in out nocopy t_customer, p_commit boolean default true);
  procedure list_all (p_cur out sys_refcursor, p_limit in pls_integer := null);
  function calc_score (p_id t_id) return number;
  function everything return t_customers pipelined;
end customer_api;
/

create or replace package app_owner.noneditable_pkg sharing = metadata authid current_user is
  procedure p;
end;
/

create or replace package resettable_state resettable as
  g_counter pls_integer := 0;
end resettable_state;
/

create or replace noneditionable package "App_Consts" is
  "Max Rows" constant number := 1000;
  type "Row Type" is record ("Id" number);
end "App_Consts";
/
