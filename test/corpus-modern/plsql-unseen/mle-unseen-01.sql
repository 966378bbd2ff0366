create or replace function js_add (a number, b number) return number
as mle language javascript
{{
  return a + b;
}};
/

create or replace procedure js_log (p_msg varchar2)
as mle language javascript
{{
  console.log(`msg: ${P_MSG}`);
  if (P_MSG.length > 10) { console.log("long"); }
}};
/

create or replace function js_parse (p_json varchar2) return json
  as mle language javascript pure
{{
  const o = JSON.parse(P_JSON);
  return { count: Object.keys(o).length };
}};
/

create or replace function Slugify(p_text in varchar2) return varchar2
is mle language javascript
{{
  return P_TEXT.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}};
/

create or replace mle module math_mod language javascript as
export function square(x) { return x * x; }
export function cube(x) {
  return x * x * x;
}
/

create or replace function mm_square (x number) return number
  as mle module math_mod signature 'square(number)';
/

create or replace package js_api as
  function cube (x number) return number
    as mle module math_mod signature 'cube(number)';
  procedure hello (who varchar2)
    as mle module greet_mod env greet_env signature 'hello(string)';
end js_api;
/

create or replace mle env greet_env imports ('greet' module greet_mod);

begin
  dbms_output.put_line(js_add(2, 3));
end;
/
