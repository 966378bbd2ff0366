create or replace package body lob_handling as

  function file_to_blob(p_dir in varchar2, p_file in varchar2) return blob is
    l_bfile bfile := bfilename(p_dir, p_file);
    l_blob  blob;
    l_dest  integer := 1;
    l_src   integer := 1;
  begin
    dbms_lob.createtemporary(l_blob, true);
    dbms_lob.fileopen(l_bfile, dbms_lob.file_readonly);
    dbms_lob.loadblobfromfile(l_blob, l_bfile, dbms_lob.lobmaxsize, l_dest, l_src);
    dbms_lob.fileclose(l_bfile);
    return l_blob;
  end file_to_blob;

  function clob_size_mb(p_clob in clob) return number is
  begin
    return round(dbms_lob.getlength(p_clob) / 1048576, 2);
  end clob_size_mb;

end lob_handling;
/
