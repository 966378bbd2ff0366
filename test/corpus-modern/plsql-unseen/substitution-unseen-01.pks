define d_list_t = "app_owner.str_list_t"
define d_matrix_t = "app_owner.str_matrix_t"
create or replace package csv_split
authid current_user
as
    type t_line_rec is record (
        txt  varchar2(4000)
        ,ln  number
    );
    type t_lines is table of t_line_rec;
    type t_line_cur is ref cursor return t_line_rec;

    type t_fields_rec is record (
        vals &&d_list_t.
        ,ln  number
    );

    function to_lines (
        p_doc       clob
        ,p_skip     number default null
    )
    return t_lines
    pipelined
    ;

    function to_matrix (p_doc clob) return &&d_matrix_t. ;

    function split_one (
         p_s        varchar2
        ,p_sep      varchar2    default ','
    ) return &&d_list_t.
    deterministic
    ;

    procedure split_one (
         po_vals out nocopy &&d_list_t.
        ,p_s        varchar2
    );

$if dbms_db_version.version >= 18 $then
    function as_csv (
        p_tab           table
        ,p_header       varchar2 := 'Y'
    ) return table pipelined
        table -- table semantics, so the input can be ordered
        --row
        polymorphic using csv_split
    ;

    function describe (
        p_tab in out    dbms_tf.table_t
        ,p_header       varchar2 := 'Y'
    ) return dbms_tf.describe_t
    ;
    procedure fetch_rows (p_header varchar2 := 'Y');
$end
end csv_split;
/
show errors
select t.vals from table(csv_split.to_lines(:doc, p_skip => 1)) l, table(&&d_list_t.('a', 'b')) t;
select * from csv_split.as_csv(hr.employees partition by department_id order by last_name, p_header => 'N');
