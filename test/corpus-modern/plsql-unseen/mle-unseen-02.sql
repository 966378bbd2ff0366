create or replace function js_epoch ("d" timestamp with time zone) return number
as mle language javascript
q'~
  const t = new Date(d);
  if (isNaN(t)) { throw new Error(`${d} is not a date`); }
  return t.getTime();
~';
/

create or replace procedure js_shift (str in out varchar2)
as mle language javascript
<<
  str.value = str.value.split('').reverse().join('');
  let n = 1 << 3;
>>;
/

create function if not exists js_max (a number, b number) return number
  deterministic
  as mle language javascript
((
  return Math.max(a, b);
));
/

create or replace function js_upper (s varchar2) return varchar2
authid current_user
as mle language javascript pure {{ return s.toUpperCase(); }};
/

CREATE OR REPLACE MLE MODULE utils_mod
LANGUAGE JAVASCRIPT
VERSION '1.0.0'
AS
export function pad(s, n) {
  // slash alone is not the end: keep going
  return String(s).padStart(n, '0');
}
/

create or replace mle module from_file_mod language javascript using bfile(js_dir, 'utils.js');

create or replace function pad (s varchar2, n number) return varchar2
as mle module utils_mod signature 'pad(string, number)';
/

create or replace procedure run_js
as
  ctx dbms_mle.context_handle_t;
  res varchar2(100);
begin
  ctx := dbms_mle.create_context();
  dbms_mle.eval(ctx, 'JAVASCRIPT', q'~
    const b = require('mle-js-bindings');
    b.exportValue("r", "ok; really");
  ~');
  dbms_mle.import_from_mle(ctx, 'r', res);
  dbms_mle.drop_context(ctx);
end;
/

create or replace function js_lower (s varchar2) return varchar2 as
mle language javascript $$ return s.toLowerCase(); // it's fine $$;
/
