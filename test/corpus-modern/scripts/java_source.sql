create or replace and compile java source named "Checksum" as
import java.util.zip.CRC32;

public class Checksum {
  /* CRC32 of a string, for quick change detection */
  public static long crc(String s) {
    CRC32 c = new CRC32();
    c.update(s.getBytes());
    return c.getValue();
  }
}
/

create or replace function crc32(p_text in varchar2) return number
  as language java name 'Checksum.crc(java.lang.String) return long';
/

select crc32('hello') from dual;
