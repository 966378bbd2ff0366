create or replace trigger warm_caches
  after startup on database
begin
  config_pkg.refresh;
end;
/
