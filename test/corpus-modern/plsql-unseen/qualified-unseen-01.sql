declare
  type t_vc is table of varchar2(20) index by pls_integer;
  type t_map is table of number index by varchar2(10);
  type t_nt is table of number;
  type t_va is varray(10) of varchar2(5);
  type t_point is record (x number := 0, y number := 0, label varchar2(10));

  v_colors t_vc := t_vc(1 => 'red', 2 => 'green', 3 => 'blue');
  v_sparse t_vc := t_vc(10 => 'ten', 20 => 'twenty', others => 'none');
  v_prices t_map := t_map('A' => 1.5, 'B' => 2.25);
  v_pt     t_point := t_point(x => 1, y => 2, label => 'origin');
  v_pt2    t_point := t_point(3, 4, 'p2');
  v_pt3    t_point := t_point(x => 5, others => null);
  v_seq    t_nt;
  v_sq     t_vc;
  v_evens  t_nt;
  v_va     t_va := t_va('a', 'b');
begin
  v_seq := t_nt(for i in 1 .. 5 => i * i);
  v_sq := t_vc(for i in 1 .. 5 index i * 10 => to_char(i));
  v_evens := t_nt(for i in 1 .. 20 when mod(i, 2) = 0 sequence => i);
  v_sq := t_vc(for k, v in pairs of v_colors index k => upper(v));
  v_seq := t_nt(for v in values of v_seq => v + 1);
  v_sq := t_vc(for i in 1..3 => 'x', 10 => 'y');
  v_pt := t_point(x => v_pt.y, y => v_pt.x, label => v_pt.label);
  v_colors := t_vc();
  v_seq := t_nt(for i in 1 .. 3, 7 .. 9 sequence => i);
  dbms_output.put_line(v_colors.count || ' ' || v_pt.label);
  print_point(t_point(x => 9, y => 9, label => 'tmp'));
  v_pt := t_point(others => 0);
end;
/
