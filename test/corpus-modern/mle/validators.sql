create or replace mle module validators_mod
language javascript as

export function isEmail(s) {
  return /^[^@\s]+@[^@\s]+$/.test(s);
}

export function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
/

create or replace package validators as
  function is_email(p_text in varchar2) return boolean
    as mle module validators_mod signature 'isEmail(string)';
  function slug(p_text in varchar2) return varchar2
    as mle module validators_mod signature 'slug(string)';
end validators;
/
