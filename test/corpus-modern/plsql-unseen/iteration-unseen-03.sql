prompt several cursor sources in one FOR loop
set serveroutput on;
declare
    cursor c_open is select o.id, o.status from orders o where o.status = 'OPEN';
    cursor c_held is select o.id, o.status from orders o where o.status = 'HELD';
    cursor c_by (p_status in varchar2) is select o.id, o.status from orders o where o.status = p_status;
    type t_ord_rec is record (id orders.id%type, status orders.status%type);
    type t_ord_tab is table of t_ord_rec;
    type t_ord_map is table of c_open%rowtype index by orders.status%type;
    l_all  t_ord_tab;
    l_map  t_ord_map;
    l_sql1 varchar2(200) := q'[select id, status from orders where status = 'NEW']';
    l_sql2 varchar2(200) := 'select id, status from orders where status = ''X''';
    rc     sys_refcursor;
begin
    for r in c_open, c_held loop
        show_order(r.id, r.status);
    end loop;

    for r in
        c_by('OPEN'),
        c_by(p_status => 'HELD')
    loop
        show_order(r.id);
    end loop;

    for r in (
        select o.id, o.status from orders o where o.status = 'A'
        ),(
        select o.id, o.status from orders o where o.status = 'B'
        )
    loop
        show_order(r.id);
    end loop;

    for r t_ord_rec in
        (execute immediate l_sql1),
        (execute immediate l_sql2)
    loop
        show_order(r.id, r.status);
    end loop;

    l_all := t_ord_tab(for r in c_open sequence => r);
    l_all := t_ord_tab(
        for r in c_open, c_held
        sequence => r);
    l_all := t_ord_tab(
        for r in
            c_by('OPEN'),
            c_by('HELD')
        sequence => r);
    l_all := t_ord_tab(
        for r in (select o.id, o.status from orders o where rownum <= 10)
        sequence => r);
    l_all := t_ord_tab(for r t_ord_rec in (execute immediate l_sql1) sequence => r);
    open rc for l_sql2;
    l_all := t_ord_tab(for r t_ord_rec in rc sequence => r);
    close rc;
    l_map := t_ord_map(for v in values of l_all index v.status => v);
    l_map := t_ord_map(for r in c_open index r.status => r);
    for k, v in pairs of l_map loop
        show_order(v.id, k);
    end loop;
    for i in indices of l_all loop
        show_order(l_all(i).id);
    end loop;
end;
/
