-- JSON_TRANSFORM with SQL/JSON variables, path right-hand sides and set operations, in scripts and blocks.
select json_transform(cfg,
                      set '$defaults' = json('{"theme":"light","size":12}'),
                      merge '$' = path '$defaults',
                      append '$.recent' = 'settings',
                      remove_set '$.flags' = 'beta',
                      add_set '$.flags' = 'stable')
  from user_prefs
 where username = user;

update user_prefs p
   set p.cfg = json_transform(p.cfg,
                              set '$old' = path '$.theme',
                              set '$.previous_theme' = path '$old',
                              set '$.theme' = :theme,
                              prepend '$.history' = path '$old'
                              returning json)
 where p.username = :who;

declare
  l_cfg json;
begin
  select json_transform(p.cfg, sort '$.recent' desc unique, keep '$.theme', '$.recent', '$.flags')
    into l_cfg
    from user_prefs p
   where p.username = user;

  update user_prefs p
     set p.cfg = json_transform(p.cfg,
                                rename '$.colour' = 'color',
                                replace '$.size' = 14 ignore on missing,
                                case when '$.size?(@ > 20)' then (set '$.size' = 20, append '$.notes' = 'clamped')
                                     when '$.size?(@ < 8)' then (set '$.size' = 8)
                                     else (remove '$.notes')
                                end)
   where json_exists(p.cfg, '$.colour');
end;
/
