update app_settings s
   set s.doc = json_transform(s.doc,
                 set '$.updatedAt' = systimestamp,
                 set '$.theme' = 'dark' ignore on existing,
                 remove '$.legacyFlag',
                 rename '$.colour' = 'color',
                 append '$.history' = json{'at' : systimestamp, 'by' : user} create on missing,
                 replace '$.version' = 2
               returning json)
 where s.app_id = :app_id;
