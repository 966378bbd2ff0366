/*
 * plsql-perf PL/SQL lexer. Written for this project (see grammar/README.md for the design).
 *
 * The lexer sees one code segment at a time: the SQL*Plus script pre-pass (server/src/parser/script/)
 * has already removed SQL*Plus command lines and '/' terminators, so nothing here is line-oriented.
 *
 * Only words the parser needs structurally are keywords; every other word is an ID. Fewer keyword tokens
 * mean fewer places where a keyword used as a name can trip the parser. Keywords that people use as
 * names are listed again in the parser's `identifier` rule.
 */
lexer grammar PlSqlLexer;

options {
    caseInsensitive = true;
}

channels {
    HINTS
}

// Keywords that change meaning with the next token, retyped by a token pass before parsing (see
// resolveContextualKeywords in server/src/parser/contextualKeywords.ts): one token of lookahead in the
// lexer's output saves the parser a prediction at every name and every operand.
tokens {
    KEEP_ANALYTIC, FILTER_ANALYTIC, FROM_ANALYTIC, TIMESTAMP_LITERAL, TIME_LITERAL, INTERVAL_LITERAL, GRAPH_TABLE_OPERATOR, NESTED_CLAUSE, JSON_TRANSFORM_CASE, SELECT_AI
}

// ---- trivia -------------------------------------------------------------------------------------------

WS                  : [ \t\r\n\f\u00A0\u2000-\u200B\u3000\uFEFF]+ -> skip;
LINE_COMMENT        : '--' ~[\r\n]* -> channel(HIDDEN);
// Optimizer hints are kept on their own channel; the model builder attaches them to their statement.
HINT_COMMENT        : '/*+' .*? '*/' -> channel(HINTS);
BLOCK_COMMENT       : '/*' .*? '*/' -> channel(HIDDEN);
UNTERMINATED_COMMENT: '/*' ( ~'*' | '*'+ ~[*/] )* '*'* EOF;

// ---- conditional compilation (hidden by the directive pre-pass, see conditionalCompilation.ts) ---------

CC_IF               : '$if';
CC_THEN             : '$then';
CC_ELSIF            : '$elsif';
CC_ELSE             : '$else';
CC_END              : '$end';
CC_ERROR            : '$error';
INQUIRY_DIRECTIVE   : '$$' [a-z0-9_$#]+;

// ---- keywords (alphabetical) -----------------------------------------------------------------------

ACCESSIBLE          : 'accessible';
AFTER               : 'after';
AGGREGATE           : 'aggregate';
ALL                 : 'all';
AND                 : 'and';
ANY                 : 'any';
APPLY               : 'apply';
ARRAY               : 'array';
AS                  : 'as';
ASC                 : 'asc';
AT                  : 'at';
AUTHID              : 'authid';
BEFORE              : 'before';
BEGIN               : 'begin';
BETWEEN             : 'between';
BODY                : 'body';
BOTH                : 'both';
BULK                : 'bulk';
BY                  : 'by';
BYTE                : 'byte';
CALL                : 'call';
CASE                : 'case';
CHAR                : 'char';
CHARACTER           : 'character';
CLOSE               : 'close';
COLLATE             : 'collate';
COLLATION           : 'collation';
COLLECT             : 'collect';
COLUMNS             : 'columns';
COMMIT              : 'commit';
COMPOUND            : 'compound';
CONNECT             : 'connect';
CONNECT_BY_ROOT     : 'connect_by_root';
CONSTANT            : 'constant';
CONSTRUCTOR         : 'constructor';
CONTAINERS          : 'containers';
CONTENT             : 'content';
CONTINUE            : 'continue';
CONVERSION          : 'conversion';
CREATE              : 'create';
CROSS               : 'cross';
CURRENT             : 'current';
CURSOR              : 'cursor';
DATE                : 'date';
DAY                 : 'day';
DECLARE             : 'declare';
DEFAULT             : 'default';
DELETE              : 'delete';
DESC                : 'desc';
DETERMINISTIC       : 'deterministic';
DISTINCT            : 'distinct';
DOCUMENT            : 'document';
DOUBLE              : 'double';
EACH                : 'each';
EDITIONABLE         : 'editionable';
EDITIONING          : 'editioning';
ELSE                : 'else';
ELSIF               : 'elsif';
EMPTY               : 'empty';
ENCODING            : 'encoding';
END                 : 'end';
ERROR               : 'error';
ERRORS              : 'errors';
ESCAPE              : 'escape';
EVALNAME            : 'evalname';
EXCEPT              : 'except';
EXCEPTION           : 'exception';
EXCEPTIONS          : 'exceptions';
EXECUTE             : 'execute';
EXISTS              : 'exists';
EXIT                : 'exit';
EXTERNAL            : 'external';
FETCH               : 'fetch';
FILTER              : 'filter';
FINAL               : 'final';
FIRST               : 'first';
FOLLOWING           : 'following';
FOR                 : 'for';
FORALL              : 'forall';
FORCE               : 'force';
FORMAT              : 'format';
FROM                : 'from';
FULL                : 'full';
FUNCTION            : 'function';
GOTO                : 'goto';
GROUP               : 'group';
GROUPING            : 'grouping';
HAVING              : 'having';
IF                  : 'if';
IGNORE              : 'ignore';
IMMEDIATE           : 'immediate';
IMMUTABLE           : 'immutable';
IN                  : 'in';
INDENT              : 'indent';
INDEX               : 'index';
INDICES             : 'indices';
INNER               : 'inner';
INSERT              : 'insert';
INSTANTIABLE        : 'instantiable';
INSTEAD             : 'instead';
INTERSECT           : 'intersect';
INTERVAL            : 'interval';
INTO                : 'into';
IS                  : 'is';
JAVA                : 'java';
JOIN                : 'join';
KEEP                : 'keep';
KEY                 : 'key';
LANGUAGE            : 'language';
LAST                : 'last';
LATERAL             : 'lateral';
LEADING             : 'leading';
LEFT                : 'left';
LIBRARY             : 'library';
LIKE                : 'like';
LIKE2               : 'like2';
LIKE4               : 'like4';
LIKEC               : 'likec';
LIMIT               : 'limit';
LOCAL               : 'local';
LOCK                : 'lock';
LOCKED              : 'locked';
LOG                 : 'log';
LONG                : 'long';
LOOP                : 'loop';
MAP                 : 'map';
MATCHED             : 'matched';
MATCH_RECOGNIZE     : 'match_recognize';
MEMBER              : 'member';
MERGE               : 'merge';
MINUS               : 'minus';
MLE                 : 'mle';
MOD                 : 'mod';
MODE                : 'mode';
MODEL               : 'model';
MONTH               : 'month';
MULTISET            : 'multiset';
MUTABLE             : 'mutable';
NAME                : 'name';
NATIONAL            : 'national';
NATURAL             : 'natural';
NEW                 : 'new';
NEXT                : 'next';
NO                  : 'no';
NOCOPY              : 'nocopy';
NOCYCLE             : 'nocycle';
NONEDITIONABLE      : 'noneditionable';
NOT                 : 'not';
NOWAIT              : 'nowait';
NULLS               : 'nulls';
NULL_               : 'null';
OBJECT              : 'object';
OF                  : 'of';
OFFSET              : 'offset';
ON                  : 'on';
ONLY                : 'only';
OPEN                : 'open';
OR                  : 'or';
ORDER               : 'order';
OUT                 : 'out';
OUTER               : 'outer';
OVER                : 'over';
OVERFLOW            : 'overflow';
OVERRIDING          : 'overriding';
PACKAGE             : 'package';
PAIRS               : 'pairs';
PARALLEL_ENABLE     : 'parallel_enable';
PARTITION           : 'partition';
PASSING             : 'passing';
PERCENT             : 'percent';
PIPE                : 'pipe';
PIPELINED           : 'pipelined';
PIVOT               : 'pivot';
PRAGMA              : 'pragma';
PRECEDING           : 'preceding';
PRECISION           : 'precision';
PRETTY              : 'pretty';
PRIOR               : 'prior';
PROCEDURE           : 'procedure';
QUALIFY             : 'qualify';
RAISE               : 'raise';
RANGE               : 'range';
RAW                 : 'raw';
RECORD              : 'record';
REF                 : 'ref';
REFERENCING         : 'referencing';
REJECT              : 'reject';
RELIES_ON           : 'relies_on';
REPEAT              : 'repeat';
REPLACE             : 'replace';
RESETTABLE          : 'resettable';
RESPECT             : 'respect';
RESULT              : 'result';
RESULT_CACHE        : 'result_cache';
RETURN              : 'return';
RETURNING           : 'returning';
REVERSE             : 'reverse';
RIGHT               : 'right';
ROLLBACK            : 'rollback';
ROW                 : 'row';
ROWS                : 'rows';
ROWTYPE             : 'rowtype';
SAMPLE              : 'sample';
SAVE                : 'save';
SAVEPOINT           : 'savepoint';
SECOND              : 'second';
SELECT              : 'select';
SELF                : 'self';
SET                 : 'set';
SETS                : 'sets';
SHARING             : 'sharing';
SIBLINGS            : 'siblings';
SKIP_               : 'skip';
SOME                : 'some';
SQL_MACRO           : 'sql_macro';
STANDALONE          : 'standalone';
START               : 'start';
STATEMENT           : 'statement';
STATIC              : 'static';
SUBMULTISET         : 'submultiset';
SUBPARTITION        : 'subpartition';
SUBTYPE             : 'subtype';
TABLE               : 'table';
THEN                : 'then';
TIES                : 'ties';
TIME                : 'time';
TIMESTAMP           : 'timestamp';
TO                  : 'to';
TRAILING            : 'trailing';
TRIGGER             : 'trigger';
TRUNCATE            : 'truncate';
TYPE                : 'type';
UNBOUNDED           : 'unbounded';
UNDER               : 'under';
UNION               : 'union';
UNIQUE              : 'unique';
UNLIMITED           : 'unlimited';
UNPIVOT             : 'unpivot';
UPDATE              : 'update';
USING               : 'using';
VALUE               : 'value';
VALUES              : 'values';
VARRAY              : 'varray';
VARYING             : 'varying';
VERSION             : 'version';
VERSIONS            : 'versions';
WAIT                : 'wait';
WELLFORMED          : 'wellformed';
WHEN                : 'when';
WHERE               : 'where';
WHILE               : 'while';
WINDOW              : 'window';
WITH                : 'with';
WITHIN              : 'within';
WITHOUT             : 'without';
WORK                : 'work';
WRAPPER             : 'wrapper';
YEAR                : 'year';
YES                 : 'yes';
ZONE                : 'zone';

// ---- literals ------------------------------------------------------------------------------------------

// Numbers. `1..10` must stay three tokens, so a trailing '.' with no digits is not part of a number.
NUMBER              : ( DIGITS ('.' DIGITS)? | '.' DIGITS ) ([e] [+-]? DIGITS)? [fd]?;

// Strings: plain, national (n'..'), Unicode (u'..'), and q-quoted with the ASCII delimiters. A q-quote with
// any other delimiter (a letter, a digit, a non-ASCII character: q'£..£') is read by the token source
// (segmentLexer.ts), since a lexer rule cannot refer back to the character that opened the literal.
STRING              : [nu]? '\'' ( ~'\'' | '\'\'' )* '\''
                    | [n]? 'q\'' ( Q_BRACKETED | Q_SAME )
                    ;
UNTERMINATED_STRING : [nu]? '\'' ( ~'\'' | '\'\'' )* EOF;

fragment Q_BRACKETED: '[' .*? ']\'' | '{' .*? '}\'' | '(' .*? ')\'' | '<' .*? '>\'';
fragment Q_SAME     : '!' .*? '!\'' | '#' .*? '#\'' | '|' .*? '|\'' | '"' .*? '"\'' | '~' .*? '~\''
                    | '^' .*? '^\'' | '/' .*? '/\'' | '+' .*? '+\'' | '@' .*? '@\'' | '%' .*? '%\''
                    | '`' .*? '`\'' | '*' .*? '*\'' | ':' .*? ':\'' | '=' .*? '=\'' | '?' .*? '?\''
                    | '\\' .*? '\\\'' | '$' .*? '$\'' | '&' .*? '&\'' | ';' .*? ';\'' | ',' .*? ',\''
                    | '.' .*? '.\'' | '-' .*? '-\'' | '_' .*? '_\'' | '\'' .*? '\'\''
                    ;

// ---- names ---------------------------------------------------------------------------------------------

DELIMITED_ID        : '"' ( ~'"' | '""' )* '"';
// SQL*Plus substitution variables are not expanded; they stand where a name or value would.
// `&owner..tab` is `&owner.` followed by `.tab`; `&pfx._x`, `cfg_&env._pkg` and `&a._&b.` are one name each.
SUBSTITUTION        : ( ID_START ID_PART* )? SUBSTITUTION_PIECE+;
fragment SUBSTITUTION_PIECE : '&' '&'? ID_PART+ ( '.' ID_PART* )?;
BINDVAR             : ':' ( ID_START ID_PART* | DIGITS | DELIMITED_ID );
ID                  : ID_START ID_PART*;

fragment DIGITS     : [0-9]+;
fragment ID_START   : [a-z\p{L}];
fragment ID_PART    : [a-z0-9_$#\p{L}\p{N}];

// ---- operators and punctuation -------------------------------------------------------------------------

// The body of an inline MLE JavaScript subprogram: AS MLE LANGUAGE JAVASCRIPT {{ ... }}.
MLE_CODE            : '{{' .*? '}}';

OUTER_JOIN          : '(' [ \t]* '+' [ \t]* ')';
ASSIGN              : ':=';
// 23ai vector distance operators (Euclidean, cosine, negative dot product); never valid SQL as separate tokens.
VECTOR_DISTANCE     : '<->' | '<=>' | '<#>';
ARROW               : '=>';
DOUBLE_DOT          : '..';
CONCAT              : '||';
POWER               : '**';
NOT_EQUAL           : '<>' | '!=' | '^=' | '~=';
LESS_EQUAL          : '<=';
GREATER_EQUAL       : '>=';
LABEL_START         : '<<';
LABEL_END           : '>>';
EQUAL               : '=';
LESS                : '<';
GREATER             : '>';
PLUS                : '+';
MINUS_SIGN          : '-';
STAR                : '*';
SLASH               : '/';
LPAREN              : '(';
RPAREN              : ')';
LBRACKET            : '[';
RBRACKET            : ']';
LBRACE              : '{';
RBRACE              : '}';
COMMA               : ',';
SEMI                : ';';
DOT                 : '.';
AT_SIGN             : '@';
PERCENT_SIGN        : '%';
COLON               : ':';
QUESTION            : '?';
EXCLAMATION         : '!';
CARET               : '^';
BAR                 : '|';

// Anything else is still a token, so the lexer never fails; the parser reports it where it matters.
ANY_CHAR            : .;
