create or replace function js_word_count(p_text in varchar2) return number
  as mle language javascript
{{
  if (p_text === null) { return 0; }
  const words = p_text.trim().split(/\s+/);
  return words.filter(w => w.length > 0).length;
}};
/
