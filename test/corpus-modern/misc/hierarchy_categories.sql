select category_id, name, level,
       sys_connect_by_path(name, '/') as path,
       connect_by_root name as root_name
  from categories
 start with parent_id is null
connect by prior category_id = parent_id
 order siblings by name;
