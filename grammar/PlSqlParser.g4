/*
 * plsql-perf PL/SQL parser. Written for this project; see grammar/README.md for the design rules:
 *
 *  - The input is one code segment from the SQL*Plus pre-pass: one PL/SQL unit, one anonymous block or one
 *    SQL statement. Conditional-compilation directives were already moved off the default channel.
 *  - Decisions need little lookahead. Expressions are flat (operand (operator operand)*): the rules need
 *    calls, names and structure, not operator precedence, and a flat form never needs to look far ahead.
 *    Assignments, procedure calls and method chains are one rule (`nameChain (':=' expression)?`), so no
 *    decision has to scan a long name chain to tell them apart.
 *  - Statements and declarations start with distinct keywords wherever PL/SQL allows it; keywords that
 *    are also used as names are listed in `identifier`.
 *  - DDL other than PL/SQL units is an island: kept as tokens, never derailing the units around it.
 */
parser grammar PlSqlParser;

options {
    tokenVocab = PlSqlLexer;
}

// ==== entry points ========================================================================================

segment
    : topLevelItem* EOF
    ;

// `exec pkg.proc(1)` from a SQL*Plus EXECUTE line: the text after the command word.
sqlplusExecute
    : statementTarget (ASSIGN expression)? SEMI? EOF
    | EXECUTE IMMEDIATE expression executeImmediateClause* SEMI? EOF   // exec execute immediate :sql
    | seqOfStatements EOF                              // exec begin ... end; / exec select ... into :b from t;
    ;

// One declaration or subprogram of a package body, parsed on its own when the whole body has errors, so
// that an error stays inside the subprogram it is in (see packageBodyItems.ts).
packageBodyItem
    : declareItem EOF
    | initializationPart END labelReference? SEMI? EOF
    ;

topLevelItem
    : createStatement
    | anonymousBlock
    // A SQL statement without ';' ends the segment (the pre-pass cuts at ';' and '/'). Saying so keeps every
    // decision at the end of a query (aliases, joins) LL(1): if another item could follow, an alias and the
    // first word of that item would look alike until the end of the statement, and SLL prediction would scan
    // that far at every table and column alias (most of a cold start's prediction work; grammar/README.md).
    | sqlStatement (SEMI | EOF)
    // Autonomous Database Select AI: `select ai [action] free text` (SELECT retyped, contextualKeywords.ts); the
    // prompt is natural language up to the end of the statement. SQL only: PL/SQL calls DBMS_CLOUD_AI instead.
    | SELECT_AI (~(SEMI | EOF))* (SEMI | EOF)
    | islandStatement
    | SEMI
    ;

// ==== CREATE ==============================================================================================

createStatement
    : CREATE (OR REPLACE)? (EDITIONABLE | NONEDITIONABLE | EDITIONING)? createBody
    ;

createBody
    : packageSpec
    | packageBody
    | procedureDefinition
    | functionDefinition
    | triggerDefinition
    | typeBody
    | typeDefinition
    | (AND ID)? (FORCE | ID)? (JAVA | MLE) (~EOF)*    // [AND COMPILE] JAVA SOURCE, MLE MODULE: their code is not SQL
    // Table, view, ...: an island. Its first words are not those of a Java source or MLE module, or the two
    // alternatives would match the same tokens and SLL prediction would read the whole source to choose.
    | ~(PACKAGE | PROCEDURE | FUNCTION | TRIGGER | TYPE | SEMI | OR | EDITIONABLE | NONEDITIONABLE | EDITIONING
        | AND | FORCE | ID | JAVA | MLE)
      islandTokens
    | (FORCE | ID) (~(JAVA | MLE | SEMI) islandTokens | SEMI | EOF)
    ;

// 23ai: CREATE PROCEDURE IF NOT EXISTS p ... leaves an existing unit alone.
ifNotExists
    : IF NOT EXISTS
    ;

unitProperty
    : AUTHID identifier
    | ACCESSIBLE BY LPAREN accessor (COMMA accessor)* RPAREN
    | SHARING EQUAL identifier
    | DEFAULT COLLATION identifier
    | RESETTABLE                                       // 23ai packages
    ;

accessor
    : (FUNCTION | PROCEDURE | PACKAGE | TRIGGER | TYPE)? qualifiedName
    ;

packageSpec
    : PACKAGE ifNotExists? qualifiedName unitProperty* (IS | AS) declareItem* END labelReference? SEMI?
    ;

packageBody
    : PACKAGE BODY ifNotExists? qualifiedName unitProperty* (IS | AS) declareItem* initializationPart? END labelReference? SEMI?
    ;

initializationPart
    : BEGIN seqOfStatements exceptionPart?
    ;

// ';' or the end of the segment (a call spec ends at the '/' line): with an optional ';', the label after a
// body's END would need lookahead into whatever follows.
procedureDefinition
    : procedureHeading subprogramProperty* ((IS | AS) (callSpec | declareItem* body))? (SEMI | EOF)
    ;

functionDefinition
    : functionHeading ((IS | AS) (callSpec | declareItem* body))? (SEMI | EOF)
    ;

// LANGUAGE C/JAVA, EXTERNAL, and 23ai MLE: `MLE MODULE m SIGNATURE '...'`, `MLE LANGUAGE JAVASCRIPT {{ code }}`.
callSpec
    : (LANGUAGE | EXTERNAL | MLE) (~(SEMI))*
    ;

// ---- triggers -------------------------------------------------------------------------------------------

triggerDefinition
    : TRIGGER ifNotExists? triggerName triggerHeaderToken* (WHEN LPAREN expression RPAREN)? triggerBody
    ;

// Not qualifiedName: header tokens (any token) follow a trigger's name, so the end of qualifiedName, which
// every table name shares, would need lookahead past a whole trigger header.
triggerName
    : identifier (DOT anyName)* (AT_SIGN anyName)?
    ;

// The header (timing, events, REFERENCING, FOR EACH ROW, FOLLOWS, ENABLE ...) is kept as tokens; the
// model builder reads the timing and level from them.
triggerHeaderToken
    : ~(DECLARE | BEGIN | COMPOUND | CALL | WHEN | LABEL_START | SEMI)
    ;

triggerBody
    : COMPOUND TRIGGER declareItem* timingPointSection+ END labelReference? SEMI?
    | CALL nameChain SEMI?
    | (LABEL_START anyName LABEL_END)* DECLARE? declareItem* body (SEMI | EOF)
    ;

timingPointSection
    : timingPoint IS declareItem* BEGIN seqOfStatements exceptionPart? END timingPoint SEMI
    ;

timingPoint
    : (BEFORE | AFTER | INSTEAD OF) (STATEMENT | EACH ROW)
    ;

// ---- object types ---------------------------------------------------------------------------------------

typeDefinition
    : TYPE ifNotExists? qualifiedName FORCE? (ID STRING)? unitProperty* typeDefinitionBody? typeModifier* (SEMI | EOF)
    ;

typeDefinitionBody
    : (IS | AS) OBJECT LPAREN typeElement (COMMA typeElement)* RPAREN
    | UNDER qualifiedName (LPAREN typeElement (COMMA typeElement)* RPAREN)?   // a subtype may add nothing
    | (IS | AS) collectionTypeDefinition
    | (IS | AS) ID islandTokens                        // OPAQUE, JSON, ...
    ;

typeModifier
    : NOT? (FINAL | INSTANTIABLE | ID)                  // ID: PERSISTABLE
    ;

typeElement
    : methodSpec
    | PRAGMA identifier (LPAREN arguments? RPAREN)?
    | identifier typeSpec                              // attribute
    ;

methodSpec
    : inheritanceClause* methodKind (procedureHeading | functionHeading) typeCallSpec?
    | inheritanceClause* constructorHeading typeCallSpec?
    ;

// A method implemented in Java or C, declared in the type spec: `member function f return number as language java
// name 'C.f() return int'`. The spec's elements are comma separated, so it ends at a ',' or the closing ')'.
typeCallSpec
    : (IS | AS) (LANGUAGE | EXTERNAL) (~(COMMA | LPAREN | RPAREN | SEMI) | LPAREN balancedTokens? RPAREN)*
    ;

inheritanceClause
    : NOT? (OVERRIDING | FINAL | INSTANTIABLE)
    ;

methodKind
    : MEMBER
    | STATIC
    | (MAP | ORDER) MEMBER
    ;

constructorHeading
    : CONSTRUCTOR FUNCTION anyName parameterList? RETURN SELF AS RESULT subprogramProperty*
    ;

typeBody
    : TYPE BODY ifNotExists? qualifiedName unitProperty* (IS | AS) typeBodyItem+ END labelReference? SEMI?
    ;

typeBodyItem
    : inheritanceClause* methodKind (procedureDefinition | functionDefinition)
    | inheritanceClause* constructorHeading (IS | AS) (callSpec | declareItem* body) SEMI
    | PRAGMA identifier (LPAREN arguments? RPAREN)? SEMI
    ;

// ==== anonymous blocks ====================================================================================

// A block's END is followed by ';' or by the end of its segment, never by more code: the optional label
// after END is then decided by one token, in every block.
anonymousBlock
    : label* (DECLARE declareItem*)? body (SEMI | EOF)
    ;

label
    : LABEL_START anyName LABEL_END
    ;

// END is followed by the unit's name, never by IF/LOOP/CASE: a broken IF cannot end a body early.
body
    : BEGIN seqOfStatements exceptionPart? END labelReference?
    ;

exceptionPart
    : EXCEPTION exceptionHandler+
    ;

exceptionHandler
    : WHEN qualifiedName (OR qualifiedName)* THEN seqOfStatements
    ;

// ==== declarations ========================================================================================

// A subtype's upper bound is a primary: with an expression, NOT (of NOT NULL) would be an operator to
// look past, at every expression's end.
declareItem
    : PRAGMA identifier (LPAREN arguments? RPAREN)? SEMI             # pragmaDeclaration
    | TYPE anyName (IS | AS) typeDefinitionKind SEMI                   # typeDeclaration
    | SUBTYPE anyName IS typeSpec (RANGE expression DOUBLE_DOT primary)? (NOT NULL_)? SEMI  # subtypeDeclaration
    | CURSOR anyName parameterList? (RETURN typeSpec)? (IS selectStatement)? SEMI              # cursorDeclaration
    | procedureHeading subprogramProperty* ((IS | AS) (callSpec | declareItem* body))? SEMI     # procedureDeclaration
    | functionHeading ((IS | AS) (callSpec | declareItem* body))? SEMI                         # functionDeclaration
    | identifier EXCEPTION SEMI                                                                # exceptionDeclaration
    | identifier CONSTANT? typeSpec (NOT? NULL_)? ((ASSIGN | DEFAULT) expression)? SEMI         # variableDeclaration
    ;

typeDefinitionKind
    : RECORD LPAREN fieldDefinition (COMMA fieldDefinition)* RPAREN
    | REF CURSOR (RETURN typeSpec)?
    | collectionTypeDefinition
    | OBJECT LPAREN typeElement (COMMA typeElement)* RPAREN
    ;

collectionTypeDefinition
    : TABLE OF elementType (INDEX BY typeSpec)?
    | (VARRAY | VARYING? ARRAY) LPAREN expression RPAREN OF elementType
    ;

// `number not null`, or in CREATE TYPE also `(number not null)`.
elementType
    : typeSpec (NOT NULL_)?
    | LPAREN typeSpec (NOT NULL_)? RPAREN
    ;

fieldDefinition
    : anyName typeSpec (NOT NULL_)? ((ASSIGN | DEFAULT) expression)?
    ;

// IF NOT EXISTS (23ai) belongs to CREATE only; nested subprograms share the heading (a procedure cannot be
// called IF, so the two tokens decide).
procedureHeading
    : PROCEDURE ifNotExists? anyName (DOT anyName)? parameterList?   // schema.name in CREATE
    ;

functionHeading
    : FUNCTION ifNotExists? anyName (DOT anyName)? parameterList? RETURN typeSpec subprogramProperty*
    ;

subprogramProperty
    : DETERMINISTIC
    | PIPELINED (ROW | TABLE)? ID? (USING qualifiedName)?   // ROW POLYMORPHIC USING pkg
    | (ORDER | ID) anyName BY LPAREN balancedTokens RPAREN  // streaming: CLUSTER c BY (col)
    | PARALLEL_ENABLE (LPAREN balancedTokens RPAREN)?
    | RESULT_CACHE (RELIES_ON LPAREN balancedTokens? RPAREN)?
    | AGGREGATE USING qualifiedName
    | SQL_MACRO (LPAREN balancedTokens? RPAREN)?
    | unitProperty
    ;

parameterList
    : LPAREN parameter (COMMA parameter)* RPAREN
    ;

parameter
    : anyName (IN OUT? | OUT)? NOCOPY? typeSpec ((ASSIGN | DEFAULT) expression)?
    ;

// ---- data types -----------------------------------------------------------------------------------------

typeSpec
    : REF? typeName (LPAREN typeArgument (COMMA typeArgument)* RPAREN)? typeSuffix*
    ;

typeName
    : DOUBLE PRECISION
    | LONG RAW?
    | INTERVAL (YEAR | DAY)
    | NATIONAL? (CHARACTER | CHAR) VARYING?
    | DATE
    | TABLE | COLUMNS                                  // polymorphic table function parameters
    | NATURAL                                          // the PL/SQL subtype; a keyword in joins
    | qualifiedName
    ;

typeArgument
    : expression (CHAR | BYTE)?
    | STAR
    ;

typeSuffix
    : PERCENT_SIGN (TYPE | ROWTYPE)
    | WITH LOCAL? TIME ZONE
    | TO (MONTH | SECOND (LPAREN expression RPAREN)?)
    | CHARACTER SET anyName (PERCENT_SIGN anyName)?
    ;

// ==== statements ==========================================================================================

seqOfStatements
    : (statement | label)+
    ;

statement
    : (nameChain | BINDVAR chainLink* | LPAREN expression AS typeSpec RPAREN chainLink+)   // = statementTarget, inlined
      (ASSIGN expression)? SEMI                                           # assignmentOrCallStatement
    | IF expression THEN seqOfStatements elsifPart* elsePart? END IF SEMI   # ifStatement
    | CASE expression? caseStatementWhen+ elsePart? END CASE labelReference? SEMI # caseStatement
    | loopHead? LOOP seqOfStatements END LOOP labelReference? SEMI              # loopStatement
    | FORALL anyName IN forallBounds (SAVE EXCEPTIONS)? forallBody SEMI  # forallStatement
    | EXIT labelReference? (WHEN expression)? SEMI                        # exitStatement
    | CONTINUE labelReference? (WHEN expression)? SEMI                    # continueStatement
    | GOTO anyName SEMI                                                   # gotoStatement
    | RAISE qualifiedName? SEMI                                           # raiseStatement
    | RETURN expression? SEMI                                             # returnStatement
    | NULL_ SEMI                                                          # nullStatement
    | PIPE ROW LPAREN expression RPAREN SEMI                              # pipeRowStatement
    | OPEN (nameChain | BINDVAR) (FOR (selectStatement | expression) usingClause?)? SEMI  # openStatement
    | FETCH (nameChain | BINDVAR) intoClause (LIMIT expression)? SEMI     # fetchStatement
    | CLOSE (nameChain | BINDVAR) SEMI                                    # closeStatement
    | EXECUTE IMMEDIATE expression executeImmediateClause* SEMI           # executeImmediateStatement
    | sqlStatement SEMI                                                   # sqlStatementInPlsql
    | (DECLARE declareItem*)? body SEMI                                   # blockStatement
    | PRAGMA identifier (LPAREN arguments? RPAREN)? SEMI                  # pragmaStatement
    ;

// A label or unit name after EXIT, CONTINUE or END: anyName except WHEN (EXIT WHEN) and IF/LOOP/CASE
// (END IF), so a broken IF cannot end a body early. Subprograms called delete or join exist.
labelReference
    : ID | DELIMITED_ID | SUBSTITUTION | ACCESSIBLE | AFTER | AGGREGATE | ARRAY | AUTHID | BEFORE | BODY | BYTE
    | CHAR | CHARACTER | COLLATION | COLLECT | COMPOUND | CONSTANT | CONSTRUCTOR | CONTENT | CONVERSION
    | DETERMINISTIC | DOCUMENT | DOUBLE | EACH | EVALNAME | EDITIONABLE | EDITIONING | EMPTY | ENCODING | ERROR
    | ERRORS | EXCEPTION | EXCEPTIONS | EXTERNAL | FINAL | FIRST | FOLLOWING | FORCE | FORMAT | GROUPING
    | IMMEDIATE | INDICES | INSTANTIABLE | INDENT | INTERVAL | JAVA | KEY | LANGUAGE | LAST | LIBRARY | LIMIT
    | LOCAL | LOCKED | LOG | LONG | MAP | MATCHED | MEMBER | MERGE | MONTH | NAME | NATIONAL | NEXT | NO
    | NOCYCLE | NONEDITIONABLE | NULLS | OBJECT | OFFSET | ONLY | OVERFLOW | PAIRS | PARALLEL_ENABLE | PASSING
    | PERCENT | PIPELINED | PRECEDING | PRECISION | RANGE | RAW | RECORD | REF | REFERENCING | REJECT
    | RELIES_ON | REPEAT | REPLACE | RESULT | RESULT_CACHE | RETURNING | REVERSE | ROW | ROWS | ROWTYPE | SAMPLE
    | SAVE | SECOND | SELF | SET | SETS | SHARING | SIBLINGS | SKIP_ | SQL_MACRO | STANDALONE | STATEMENT
    | STATIC | SUBMULTISET | TIES | TIME | TIMESTAMP | TRUNCATE | TYPE | UNBOUNDED | UNDER | UNLIMITED | VALUE
    | VARRAY | VARYING | VERSION | VERSIONS | WAIT | WELLFORMED | WITHOUT | WORK | WRAPPER | YES | ZONE | LEFT
    | RIGHT | MOD | DAY | YEAR | KEEP | OVER | WITHIN | IGNORE | RESPECT | ALL | AND | ANY | APPLY | AS | ASC
    | AT | BEGIN | BETWEEN | BOTH | BULK | BY | CALL | CLOSE | COLLATE | COLUMNS | COMMIT | CONNECT
    | CONNECT_BY_ROOT | CONTINUE | CREATE | CROSS | CURRENT | CURSOR | DATE | DECLARE | DEFAULT | DELETE | DESC
    | DISTINCT | ELSE | ELSIF | END | ESCAPE | EXCEPT | EXCEPTION | EXECUTE | EXISTS | EXIT | FETCH | FOR
    | FORALL | FROM | FULL | FUNCTION | GOTO | GROUP | HAVING | IN | INDEX | INNER | INSERT | INSTEAD
    | INTERSECT | INTO | IS | JOIN | LATERAL | LEADING | LIKE | LIKE2 | LIKE4 | LIKEC | LOCK | MINUS | MODE
    | MULTISET | NATURAL | NEW | NOCOPY | NOT | NOWAIT | NULL_ | OF | ON | OPEN | OR | ORDER | OUT | OUTER
    | OVERRIDING | PACKAGE | PARTITION | PIPE | PIVOT | PRAGMA | PRIOR | PROCEDURE | RAISE | RETURN | ROLLBACK
    | SAVEPOINT | SELECT | SOME | START | SUBTYPE | TABLE | THEN | TO | TRAILING | TRIGGER | UNION | UNIQUE
    | UNPIVOT | UPDATE | USING | VALUES | WHERE | WHILE | WITH
    | PRETTY
    | MUTABLE
    | IMMUTABLE
    | MLE
    | RESETTABLE
    | FILTER
    | QUALIFY
    | WINDOW
    | MODEL
    | SUBPARTITION
    | MATCH_RECOGNIZE
    | CONTAINERS
    ;

// The target of an assignment or the procedure called: `x`, `r.f(i)`, `:new.col`, `ut.expect(a).to_equal(b)`.
statementTarget
    : nameChain
    | BINDVAR chainLink*
    | LPAREN expression AS typeSpec RPAREN chainLink+  // (SELF AS parent_type).method(...)
    ;

elsifPart
    : ELSIF expression THEN seqOfStatements
    ;

elsePart
    : ELSE seqOfStatements
    ;

caseStatementWhen
    : WHEN caseChoice (COMMA caseChoice)* THEN seqOfStatements
    ;

// 23ai dangling predicates in a simple CASE: `when < 0, > 100`, `when is null`, `when between 1 and 5`.
caseChoice
    : (EQUAL | NOT_EQUAL | LESS | GREATER | LESS_EQUAL | GREATER_EQUAL) expression
    | IS NOT? primary
    | NOT? (IN | LIKE | BETWEEN) expression
    | expression
    ;

loopHead
    : WHILE expression
    | FOR iteratorHead
    ;

// `i`, `i pls_integer`, `r c%rowtype`, `i mutable`, `k, v` (PAIRS OF), then the controls.
iteratorHead
    : anyName iterandType? (COMMA anyName iterandType?)? IN iterationControl (COMMA iterationControl)*
    ;

iterandType
    : (MUTABLE | IMMUTABLE) typeSpec?
    | typeSpec
    ;

// Numeric ranges, cursors, cursor subqueries and the 21c iteration controls: several per loop, steps with BY,
// WHILE and WHEN filters, VALUES OF / INDICES OF / PAIRS OF, and dynamic SQL as a source.
// REVERSE applies to every kind of control (`reverse indices of v` walks the collection from its last index).
iterationControl
    : REVERSE? (VALUES OF | INDICES OF | PAIRS OF | REPEAT)?
      (LPAREN EXECUTE IMMEDIATE expression executeImmediateClause* RPAREN | expression)
      (DOUBLE_DOT expression)? (BY expression)? (WHILE expression)? (WHEN expression)?
    ;

// INDICES OF c BETWEEN lo AND hi: the flat expression takes `c BETWEEN lo AND hi` whole.
forallBounds
    : expression DOUBLE_DOT expression
    | INDICES OF expression
    | VALUES OF expression
    ;

// Only DML can be bulk-bound (PLS-00430), so no body starts with '(' of a query.
forallBody
    : insertStatement
    | updateStatement
    | deleteStatement
    | mergeStatement
    | EXECUTE IMMEDIATE expression executeImmediateClause*
    ;

executeImmediateClause
    : intoClause
    | usingClause
    | (RETURNING | RETURN) intoClause
    ;

usingClause
    : USING usingArgument (COMMA usingArgument)*
    ;

usingArgument
    : (IN OUT? | OUT)? expression
    ;

intoClause
    : (BULK COLLECT)? INTO expression (COMMA expression)*
    ;

// ==== SQL =================================================================================================

sqlStatement
    : selectStatement
    | insertStatement
    | updateStatement
    | deleteStatement
    | mergeStatement
    | transactionStatement
    ;

transactionStatement
    : COMMIT (~SEMI)*
    | ROLLBACK (~SEMI)*
    | SAVEPOINT anyName
    | SET (~SEMI)*                                     // SET TRANSACTION, SET ROLE, SET CONSTRAINTS
    | LOCK TABLE (~SEMI)*
    ;

selectStatement
    : subquery
    ;

// FOR UPDATE is part of the query, so a cursor FOR loop's `(select ... for update)` parses.
subquery
    : withClause? subqueryTerm (setOperator subqueryTerm)* orderByClause? rowLimitingClause?
      (forUpdateClause orderByClause?)?               // Oracle also takes ORDER BY after FOR UPDATE
    ;

setOperator
    : UNION ALL?
    | INTERSECT
    | MINUS
    | EXCEPT
    ;

subqueryTerm
    : queryBlock
    | LPAREN subquery RPAREN
    ;

// A query that starts with SELECT or WITH (not with a parenthesis).
bareSubquery
    : withClause? queryBlock (setOperator subqueryTerm)* orderByClause? rowLimitingClause? forUpdateClause?
    ;

withClause
    : WITH (procedureDefinition | functionDefinition)* (factoringElement (COMMA factoringElement)*)?   // WITH FUNCTION f ... SELECT
    ;

factoringElement
    : anyName (LPAREN anyName (COMMA anyName)* RPAREN)? AS LPAREN (subquery | valuesRows) RPAREN searchOrCycleClause*
    | anyName ID ID AS LPAREN balancedTokens RPAREN   // ANALYTIC VIEW
    ;

// SEARCH DEPTH FIRST BY c SET o / CYCLE c SET flag TO 'Y' DEFAULT 'N' of a recursive WITH element.
searchOrCycleClause
    : ID (~SET)* SET anyName (TO (STRING | NUMBER) DEFAULT (STRING | NUMBER))?   // cycle mark values are literals
    ;

queryBlock
    : SELECT (DISTINCT | UNIQUE | ALL)? selectList intoClause? fromClause? whereClause? queryBlockClause*
    ;

// Oracle accepts these in any order (HAVING before GROUP BY, START WITH before or after CONNECT BY).
queryBlockClause
    : hierarchicalClause
    | groupByClause
    | HAVING expression
    | QUALIFY expression                               // 23.x
    | WINDOW windowDefinition (COMMA windowDefinition)*
    | MODEL modelToken+
    ;

windowDefinition
    : anyName AS LPAREN windowSpecification RPAREN
    ;

// The MODEL clause is kept as tokens up to the next query-level keyword; its rules are parenthesised.
modelToken
    : ~(LPAREN | RPAREN | SEMI | ORDER | UNION | INTERSECT | MINUS | EXCEPT | FETCH | OFFSET | FOR | QUALIFY | WINDOW)
    | ID ORDER                                         // RULES SEQUENTIAL ORDER | AUTOMATIC ORDER, never ORDER BY
    | LPAREN balancedTokens? RPAREN
    ;

selectList
    : selectItem (COMMA selectItem)*
    ;

// OPEN and CLOSE: OHLC price queries name their columns so (`first_value(p) over w open`); COLUMNS: dictionary
// queries (`listagg(column_name, ', ') ... columns`). Nothing continues a select item with them; select items only,
// since as table aliases they would grow every table's alias decision for names nobody gives a table.
selectItem
    : STAR
    | expression (AS (anyName | STRING) | alias | OPEN | CLOSE | COLUMNS)?
    ;

alias
    : aliasName
    | STRING
    ;

fromClause
    : FROM tableReference (COMMA tableReference)*
    ;

// Join conditions stand on their own in the list, so joins nested without parentheses (`a join b join c on
// b.x = c.x on a.y = b.y`) read without lookahead.
tableReference
    : tableItem (joinClause | joinCondition)* (pivotClause (AS? alias)?)?
    ;

pivotClause
    : (PIVOT | UNPIVOT) (ID | NULLS)* LPAREN balancedTokens RPAREN
    | MATCH_RECOGNIZE LPAREN balancedTokens RPAREN
    ;

tableItem
    : tablePrimary flashbackClause? pivotClause? (AS? alias)? (PARTITION BY expression (COMMA expression)*)? nestedClause?
    | LPAREN valuesRows RPAREN AS? alias (LPAREN anyName (COMMA anyName)* RPAREN)?   // 23ai table value constructor
    ;

// JSON_TABLE's shorthand after a table: t NESTED [PATH] doc.items[*] | doc, '$.items[*]' [ON ERROR ...] COLUMNS (...).
// NESTED is retyped by the token pass only there (contextualKeywords.ts); the columns are kept as tokens.
nestedClause
    : NESTED_CLAUSE (~(COLUMNS | LPAREN | RPAREN | SEMI))* COLUMNS LPAREN balancedTokens RPAREN (AS? alias)?
    ;

// 23ai row constructors: VALUES (1, 'a'), (2, 'b').
valuesRows
    : VALUES expression (COMMA expression)*
    ;

tablePrimary
    : ONLY LPAREN nameChain RPAREN
    | LATERAL? LPAREN subquery RPAREN
    | LPAREN tableReference RPAREN
    | TABLE LPAREN (subquery | expression) RPAREN OUTER_JOIN?
    | EXTERNAL LPAREN balancedTokens RPAREN           // 18c inline external table
    | GRAPH_TABLE_OPERATOR LPAREN balancedTokens RPAREN   // 23ai property graph query (MATCH (a)-[e]->(b) ...)
    | nameChain partitionExtension? sampleClause? (ID LPAREN balancedTokens RPAREN)?   // analytic view: av HIERARCHIES (h)
    ;

// t PARTITION (p1), t SUBPARTITION (s1), t PARTITION FOR (2024, 'X').
partitionExtension
    : (PARTITION | SUBPARTITION) FOR? LPAREN balancedTokens RPAREN
    ;

sampleClause
    : SAMPLE ID? LPAREN balancedTokens RPAREN (ID LPAREN balancedTokens RPAREN)?   // SAMPLE BLOCK (n) SEED (s)
    ;

// AS OF SCN | TIMESTAMP | PERIOD FOR valid_time; VERSIONS [PERIOD FOR valid_time] BETWEEN ... AND ...
flashbackClause
    : AS OF (TIMESTAMP | ID (FOR anyName)?) expression
    | VERSIONS (ID FOR anyName)? BETWEEN (~AND)* AND expression   // VERSIONS PERIOD FOR valid_time BETWEEN ...
    ;

joinClause
    : (INNER | (LEFT | RIGHT | FULL) OUTER? | CROSS | NATURAL ((LEFT | RIGHT | FULL) OUTER? | INNER)?)?
      JOIN tableItem
    | (CROSS | OUTER) APPLY tableItem
    | JOIN TO ID LPAREN joinToOneItem (COMMA joinToOneItem)* RPAREN   // 23.26 (26ai): JOIN TO ONE (d, l INNER JOIN c)
    ;

joinToOneItem
    : (LEFT? OUTER JOIN | INNER JOIN)? tableReference
    ;

joinCondition
    : ON expression
    | USING LPAREN anyName (COMMA anyName)* RPAREN
    ;

whereClause
    : WHERE (CURRENT OF nameChain | expression)
    ;

hierarchicalClause
    : CONNECT BY NOCYCLE? expression
    | START WITH expression
    ;

groupByClause
    : GROUP BY (ALL | groupingItem (COMMA groupingItem)*)   // 23.x GROUP BY ALL
    ;

groupingItem
    : GROUPING SETS LPAREN groupingItem (COMMA groupingItem)* RPAREN
    | LPAREN RPAREN
    | expression
    ;

orderByClause
    : ORDER SIBLINGS? BY orderItem (COMMA orderItem)*
    ;

orderItem
    : expression (ASC | DESC)? (NULLS (FIRST | LAST))?
    ;

rowLimitingClause
    : OFFSET expression (ROW | ROWS)
      (FETCH ID? (FIRST | NEXT) (expression PERCENT?)? (ROW | ROWS) (ONLY | WITH TIES))?
    | FETCH ID? (FIRST | NEXT) (expression partitionLimit* PERCENT?)? (ROW | ROWS) (ONLY | WITH TIES)   // ID: APPROX, EXACT
      (WITH ID ID (ID LPAREN balancedTokens RPAREN | expression (ID LPAREN balancedTokens RPAREN)?))?
      // 23ai vector search: WITH TARGET ACCURACY 90 [PARAMETERS (EFSEARCH 500)] | WITH TARGET ACCURACY PARAMETERS (...)
    ;

// 23ai partitioned row limits: FETCH FIRST 5 PARTITIONS BY country, 2 PARTITIONS BY city, 3 ROWS ONLY. The count
// before PARTITIONS is the operand read before this, so the decision after it stays on one token.
partitionLimit
    : ID BY expression COMMA expression
    ;

forUpdateClause
    : FOR UPDATE (OF expression (COMMA expression)*)? (NOWAIT | WAIT expression | SKIP_ LOCKED)?
    ;

insertStatement
    : INSERT insertIntoClause (valuesClause | subquery | insertSetClause) returningClause? errorLoggingClause?
    | INSERT (ALL | FIRST) multiTableInsertItem+ subquery
    ;

insertIntoClause
    : INTO dmlTarget (LPAREN expression (COMMA expression)* RPAREN)? (BY (NAME | ID))?   // 23.x BY NAME | BY POSITION
    ;

// 23ai: INSERT INTO t SET (a = 1, b = 2), (a = 3, b = 4).
insertSetClause
    : SET LPAREN updateSetItem (COMMA updateSetItem)* RPAREN (COMMA LPAREN updateSetItem (COMMA updateSetItem)* RPAREN)*
    ;

// `VALUES (a, b)` is a parenthesised expression list; `VALUES r` inserts a record.
valuesClause
    : VALUES expression (COMMA expression)*            // 23ai: several rows
    ;

// A multi-table insert takes VALUES lists only (no record), and its query may start with '('.
multiTableInsertItem
    : insertIntoClause valuesList? errorLoggingClause?
    | WHEN expression THEN (insertIntoClause valuesList? errorLoggingClause?)+
    | ELSE (insertIntoClause valuesList? errorLoggingClause?)+
    ;

valuesList
    : VALUES LPAREN expression (COMMA expression)* RPAREN
    ;

updateStatement
    : UPDATE dmlTarget SET updateSetItem (COMMA updateSetItem)* fromClause? whereClause? returningClause? errorLoggingClause?
    ;

updateSetItem
    : LPAREN nameChain (COMMA nameChain)* RPAREN EQUAL expression
    | ROW EQUAL expression
    | VALUE LPAREN anyName RPAREN EQUAL expression
    | nameChain EQUAL expression
    | (statementWordName | COLUMNS) EQUAL expression   // SET close = 1, as in primary
    ;

deleteStatement
    : DELETE FROM? dmlTarget fromClause? whereClause? returningClause? errorLoggingClause?   // 23ai: DELETE t FROM s WHERE ...
    ;

mergeStatement
    : MERGE INTO dmlTarget USING tableItem ON expression mergeClause* returningClause? errorLoggingClause?
    ;

mergeClause
    : WHEN MATCHED THEN UPDATE SET updateSetItem (COMMA updateSetItem)* whereClause? (DELETE whereClause)?
    | WHEN NOT MATCHED THEN INSERT (LPAREN expression (COMMA expression)* RPAREN)? valuesClause whereClause?
    ;

// A plain name, not a name chain: `INTO t (a, b)` is a column list, not a call of `t`.
dmlTarget
    : ( LPAREN subquery RPAREN | TABLE LPAREN (subquery | expression) RPAREN   // TABLE(SELECT nested_col ...): DML on a nested table
      | ONLY LPAREN qualifiedName RPAREN | qualifiedName
      | CONTAINERS LPAREN qualifiedName RPAREN       // DML across the containers of an application root (12.2)
      ) partitionExtension? (AS? alias)?
    ;

returningClause
    : (RETURNING | RETURN) returningItem (COMMA returningItem)* intoClause
    ;

returningItem
    : ID? expression                                   // 23ai: OLD col / NEW col
    ;

// LOG ERRORS [INTO t] [(tag)] [REJECT LIMIT n | UNLIMITED]. Precise, not a token run: a multitable insert's
// INTO items carry it with more INTO items and the query after it.
errorLoggingClause
    : LOG ERRORS (INTO qualifiedName)? (LPAREN expression RPAREN)? (REJECT LIMIT (UNLIMITED | expression))?
    ;

// ==== expressions =========================================================================================

// Flat: operand (operator operand)*. Operator precedence does not matter to the rules, and a flat list
// never needs lookahead to decide where an operand ends.
expression
    : primary (
        ( PLUS | MINUS_SIGN | STAR | SLASH | POWER | CONCAT
        | EQUAL | NOT_EQUAL | LESS | GREATER | LESS_EQUAL | GREATER_EQUAL
        | AND | OR | MOD
        | LESS GREATER | LESS EQUAL | GREATER EQUAL | EXCLAMATION EQUAL | CARET EQUAL | BAR BAR   // with blanks
        | VECTOR_DISTANCE                              // 23ai: v1 <-> v2, v1 <=> v2, v1 <#> v2
        ) primary
      | NOT? (IN | LIKE | LIKEC | LIKE2 | LIKE4 | BETWEEN | (MEMBER | SUBMULTISET) OF?) primary
      | ESCAPE primary
      | IS NOT? (NULL_ | EMPTY | OF TYPE? LPAREN balancedTokens RPAREN | nameChain (SET | isJsonOption+)?)   // A SET, NAN, JSON ...
      | MULTISET (UNION | INTERSECT | EXCEPT) (ALL | DISTINCT)? primary
      | COLLATE anyName
      | AT (LOCAL | TIME ZONE primary)
      | (DAY | YEAR) (LPAREN expression RPAREN)? TO (SECOND | MONTH) (LPAREN expression RPAREN)?   // (a - b) DAY TO SECOND
      // Analytic clauses, after the call they apply to: `count(*) over (...)`, `lag(x) ignore nulls over (...)`,
      // `first_value(x ignore nulls)`. Here, not in the name chain, so that the chain's end and the operand's
      // end are both decided by the next token alone.
      | OVER (LPAREN windowSpecification RPAREN | anyName)
      | WITHIN GROUP LPAREN orderByClause RPAREN
      | KEEP_ANALYTIC LPAREN anyName (FIRST | LAST) (orderByClause | PARTITION BY expression (COMMA expression)*) RPAREN
      | (IGNORE | RESPECT) (NULLS | ON anyName)        // ON: JSON_TRANSFORM's IGNORE ON MISSING, read here (LL(1))
      | FILTER_ANALYTIC LPAREN WHERE expression RPAREN   // 23.x aggregate filter
      | FROM_ANALYTIC (FIRST | LAST)                   // NTH_VALUE(x, 2) FROM LAST OVER (...)
      )*
    ;

// An operand with its prefix operators.
primary
    : (MINUS_SIGN | PLUS | NOT | PRIOR | CONNECT_BY_ROOT | EXISTS | ANY | SOME | ALL | NEW)*
      ( NUMBER
      | STRING
      | NULL_
      | DEFAULT                                        // a column's default: VALUES (1, DEFAULT), SET a = DEFAULT
      | DATE STRING
      | TIMESTAMP_LITERAL STRING                     // TIMESTAMP, TIME, INTERVAL before a literal (parseUnit.ts)
      | TIME_LITERAL STRING
      | INTERVAL_LITERAL (STRING | BINDVAR) intervalUnit (TO intervalUnit)?
      | caseExpression
      | CURSOR LPAREN subquery RPAREN
      | MULTISET LPAREN subquery RPAREN
      | LPAREN (subquery | expression (COMMA expression)* (AS typeSpec)?) RPAREN chainLink*  // also (SELF AS t).m()
      | nameChain
      // Columns named after PL/SQL statement words that SQL does not reserve (stock prices' open and close, a
      // portfolio's return, an ordered alias `columns`): an operand only, never a statement's start, so statements
      // still begin with one word. COLUMNS(a, b) as an argument stays the PTF's (its alternative comes first).
      | (statementWordName | COLUMNS) chainLink*
      | BINDVAR chainLink*
      | COLON (NUMBER | anyName) chainLink*
      | QUESTION                                       // JDBC-style positional bind in SQL kept in scripts
      | INQUIRY_DIRECTIVE
      )
    ;

// Words that start PL/SQL statements but are not reserved, so tables have columns called so (`open`, `close`
// of a price table, `package`). Not in `identifier`: a statement that starts with one is that statement. No
// expression is ever followed by one of them, so they end an operand without lookahead.
statementWordName
    : OPEN | CLOSE | EXIT | CALL | COMMIT | ROLLBACK | SAVEPOINT | PIPE | RAISE | CONTINUE | PACKAGE | RETURN
    ;


// IS [NOT] JSON [FORMAT JSON] [STRICT | LAX] [ALLOW | DISALLOW SCALARS] [WITH | WITHOUT UNIQUE KEYS],
// 23ai OBJECT | ARRAY | SCALAR [type] | VALIDATE [USING] 'schema'. `IS JSON (OBJECT, SCALAR)` is a call's link.
// Reached only after IS name, so the look past an option word here costs nothing elsewhere.
isJsonOption
    : FORMAT anyName
    | OBJECT
    | ARRAY
    | VALUE
    | DATE
    | ID
    | USING
    | STRING
    | (WITH | WITHOUT) UNIQUE ID
    ;

intervalUnit
    : (YEAR | MONTH | DAY | SECOND | ID) (LPAREN expression (COMMA expression)? RPAREN)?
    ;

caseExpression
    : CASE expression? (WHEN caseChoice (COMMA caseChoice)* THEN expression)+ (ELSE expression)? END
    ;

// A dotted name with calls, collection subscripts, attributes (%ROWCOUNT), database links, the outer-join
// marker and analytic clauses: `ut.expect(x).to_equal(y)`, `t(i).f`, `c%notfound`, `count(*) over (...)`.
nameChain
    : ( ID | DELIMITED_ID | SUBSTITUTION | ACCESSIBLE | AFTER | AGGREGATE | ARRAY | AUTHID | BEFORE | BODY | BYTE
      | CHAR | CHARACTER | COLLATION | COLLECT | COMPOUND | CONSTANT | CONSTRUCTOR | CONTENT | CONVERSION
      | DETERMINISTIC | DOCUMENT | DOUBLE | EACH | EVALNAME | EDITIONABLE | EDITIONING | EMPTY | ENCODING | ERROR | ERRORS
      | EXCEPTION | EXCEPTIONS | EXTERNAL | FINAL | FIRST | FOLLOWING | FORCE | FORMAT | GROUPING | IMMEDIATE
      | INDICES | INSTANTIABLE | INDENT | INTERVAL | JAVA | KEY | LANGUAGE | LAST | LIBRARY | LIMIT | LOCAL
      | LOCKED | LOG | LONG | MAP | MATCHED | MEMBER | MERGE | MONTH | NAME | NATIONAL | NEXT | NO | NOCYCLE
      | NONEDITIONABLE | NULLS | OBJECT | OFFSET | ONLY | OVERFLOW | PAIRS | PARALLEL_ENABLE | PASSING | PERCENT
      | PIPELINED | PRECEDING | PRECISION | RANGE | RAW | RECORD | REF | REFERENCING | REJECT | RELIES_ON | REPEAT
      | REPLACE | RESULT | RESULT_CACHE | RETURNING | REVERSE | ROW | ROWS | ROWTYPE | SAMPLE | SAVE | SECOND
      | SELF | SET | SETS | SHARING | SIBLINGS | SKIP_ | SQL_MACRO | STANDALONE | STATEMENT | STATIC | SUBMULTISET | TIES
      | TIME | TIMESTAMP | TRUNCATE | TYPE | UNBOUNDED | UNDER | UNLIMITED | VALUE | VARRAY | VARYING | VERSION | VERSIONS
      | WAIT | WELLFORMED | WITHOUT | WORK | WRAPPER | YES | ZONE | LEFT | RIGHT | MOD | DAY | YEAR | KEEP | OVER | WITHIN | IGNORE
      | RESPECT
      | PRETTY
      | MUTABLE
      | IMMUTABLE
      | MLE
      | RESETTABLE
      | FILTER
      | QUALIFY
      | WINDOW
      | MODEL
      | SUBPARTITION
      | MATCH_RECOGNIZE
      | CONTAINERS
      | OUT
      ) chainLink*  // the head is `identifier`, inlined: one rule invocation less per name
    ;

chainLink
    : DOT (anyName | STAR)
    | LPAREN (argument (COMMA argument)*)? RPAREN
    | LPAREN queryArgument RPAREN
    | AT_SIGN anyName
    | PERCENT_SIGN anyName
    | OUTER_JOIN
    | LBRACKET bracketTokens? RBRACKET                 // JSON dot notation: t.doc.items[0], [*], [1 to 3]; json[1, 2]
    | LBRACE braceTokens? RBRACE                       // 23ai JSON constructor: json{'a' : 1}, json{t.*}
    ;

bracketTokens
    : (~(LBRACKET | RBRACKET) | LBRACKET bracketTokens? RBRACKET)+
    ;

braceTokens
    : (~(LBRACE | RBRACE) | LBRACE braceTokens? RBRACE)+
    ;

// `over (w rows ...)`: a window named in the WINDOW clause may start the specification.
windowSpecification
    : ID? (PARTITION BY expression (COMMA expression)*)? orderByClause? windowFrame?
    ;

// ROWS, RANGE, GROUPS; EXCLUDE CURRENT ROW | GROUP | TIES | NO OTHERS.
windowFrame
    : (ROWS | RANGE | ID) (BETWEEN frameBound AND frameBound | frameBound) (ID (CURRENT ROW | GROUP | TIES | NO ID))?
    ;

frameBound
    : UNBOUNDED (PRECEDING | FOLLOWING)
    | CURRENT ROW
    | expression (PRECEDING | FOLLOWING)
    ;

arguments
    : argument (COMMA argument)*
    ;

// Arguments are permissive so that SQL functions with keyword syntax parse without a rule each:
// CAST(x AS t), EXTRACT(YEAR FROM d), TRIM(BOTH ' ' FROM s), COUNT(DISTINCT x), LISTAGG(... ON OVERFLOW
// TRUNCATE), TO_NUMBER(x DEFAULT 0 ON CONVERSION ERROR), JSON_VALUE(... RETURNING n NULL ON ERROR),
// XMLELEMENT(NAME "x", ...), XMLAGG(x ORDER BY y), JSON_TABLE(... COLUMNS (...)).
argument
    : ((anyName | NUMBER | STRING) ARROW)?             // named notation; 18c qualified expressions: t(1 => x)
      ( ( DISTINCT | ALL | UNIQUE | LEADING | TRAILING | BOTH | NAME | EVALNAME | CONTENT | DOCUMENT | DEFAULT | KEY
        | VERSION | STANDALONE
        | COLUMNS                                      // PTF: f(tab, columns(a, b))
        | INSERT | UNION | INTERSECT | MINUS           // JSON_TRANSFORM operations that are keywords
        | START | END                                  // TIME_BUCKET(..., START)
        )+
        expression?
      // 18c qualified expressions with any key expression: t_map(-5 => x), t_map(upper(k) => 1)
      | expression (ARROW expression)?
      | FOR iteratorHead (INDEX expression | ID)? ARROW expression   // 21c iterator choice: t(for i in 1..3 => i), SEQUENCE =>
      // JSON_TRANSFORM's CASE: WHEN 'path filter' THEN (operations) ... [ELSE (operations)] END (retyped CASE)
      | JSON_TRANSFORM_CASE (WHEN STRING THEN LPAREN balancedTokens? RPAREN)+ (ELSE LPAREN balancedTokens? RPAREN)? END
      )
      argumentTail*
    | STAR argumentTail*                               // COUNT(*), JSON_OBJECT(* RETURNING CLOB)
    ;

// A query as the only argument: EXISTS(SELECT ...), IN (SELECT ...), CURSOR(SELECT ...). Nothing but ')' may
// follow it: if a ',' could (as when a query was one alternative of `argument`), the end of every select list,
// alias and join of every query would be ambiguous in SLL prediction, which then looks far ahead to decide.
queryArgument
    : bareSubquery
    ;

argumentTail
    : ( AS | FROM | USING | ON | DEFAULT | RETURNING | FORMAT | WITH | WITHOUT | ARRAY | WRAPPER | NULL_
      | ERROR | EMPTY | CONVERSION | ORDER | BY | ASC | DESC | NULLS | FIRST | LAST | OVERFLOW | TRUNCATE
      | PASSING | VALUE | DETERMINISTIC | CHAR | BYTE | TIME | ZONE | LOCAL | TO
      | MONTH | SECOND | INTERVAL | TIMESTAMP | DATE | PRECISION | INDENT   // YEAR, DAY: the expression's DAY TO SECOND
      | NO | YES | WELLFORMED | STANDALONE | VERSION | ENCODING   // XMLSERIALIZE, XMLPARSE, XMLROOT options
      | UNIQUE | REPLACE | PRETTY | CREATE             // WITH UNIQUE KEYS, REPLACE ON EXISTING, PRETTY, CREATE ON MISSING
      | TYPE                                           // JSON_EXISTS(doc, '$.a' TYPE (STRICT))
      | LANGUAGE | ALL                                 // VECTOR_CHUNKS(... LANGUAGE american NORMALIZE ALL)
      ) (EVALNAME? expression | STAR)?                 // STAR: CLUSTER_SET(m, NULL, 0.2 USING *); XMLATTRIBUTES(v AS EVALNAME n)
    | COLUMNS columnDefinitions                        // JSON_TABLE / XMLTABLE column definitions
    | ID expression?                                   // other clause words: ASCII, STRICT, LAX, TRUE ON ERROR, EDIT_TOLERANCE 70
    | (COLON | BINDVAR) expression?                    // JSON_OBJECT('k' : v) and 'k':v
    // JSON_TRANSFORM: SET '$.a' = 1, REMOVE '$.b' IGNORE ON MISSING, NESTED PATH '$.items[*]' (SET '@.x' = 1)
    | STRING (EQUAL expression | IGNORE ON anyName | LPAREN argument (COMMA argument)* RPAREN)?
    | NUMBER                                           // FUZZY_MATCH(..., EDIT_TOLERANCE 70)
    // A PTF's table argument: f(t partition (p1)); table semantics: f(t PARTITION BY c ORDER BY d).
    | (PARTITION | SUBPARTITION) (BY expression | FOR? LPAREN balancedTokens RPAREN)
    ;

// ==== names ===============================================================================================

qualifiedName
    : identifier (DOT anyName)* (AT_SIGN anyName)?
    ;

// The three name rules are flat token sets (no sub-rules), so matching a name costs one rule invocation.
// Their lists are kept consistent by test/parser/grammarNames.test.ts: aliasName within identifier within
// anyName, and every keyword token in anyName.

// Names that may stand alone: variables, columns, types, called subprograms.
identifier
    : ID | DELIMITED_ID | SUBSTITUTION | ACCESSIBLE | AFTER | AGGREGATE | ARRAY | AUTHID | BEFORE | BODY | BYTE
    | CHAR | CHARACTER | COLLATION | COLLECT | COMPOUND | CONSTANT | CONSTRUCTOR | CONTENT | CONVERSION
    | DETERMINISTIC | DOCUMENT | DOUBLE | EACH | EVALNAME | EDITIONABLE | EDITIONING | EMPTY | ENCODING | ERROR | ERRORS
    | EXCEPTION | EXCEPTIONS | EXTERNAL | FINAL | FIRST | FOLLOWING | FORCE | FORMAT | GROUPING | IMMEDIATE
    | INDICES | INSTANTIABLE | INDENT | INTERVAL | JAVA | KEY | LANGUAGE | LAST | LIBRARY | LIMIT | LOCAL
    | LOCKED | LOG | LONG | MAP | MATCHED | MEMBER | MERGE | MONTH | NAME | NATIONAL | NEXT | NO | NOCYCLE
    | NONEDITIONABLE | NULLS | OBJECT | OFFSET | ONLY | OVERFLOW | PAIRS | PARALLEL_ENABLE | PASSING | PERCENT
    | PIPELINED | PRECEDING | PRECISION | RANGE | RAW | RECORD | REF | REFERENCING | REJECT | RELIES_ON | REPEAT
    | REPLACE | RESULT | RESULT_CACHE | RETURNING | REVERSE | ROW | ROWS | ROWTYPE | SAMPLE | SAVE | SECOND
    | SELF | SET | SETS | SHARING | SIBLINGS | SKIP_ | SQL_MACRO | STANDALONE | STATEMENT | STATIC | SUBMULTISET | TIES
    | TIME | TIMESTAMP | TRUNCATE | TYPE | UNBOUNDED | UNDER | UNLIMITED | VALUE | VARRAY | VARYING | VERSION | VERSIONS
    | WAIT | WELLFORMED | WITHOUT | WORK | WRAPPER | YES | ZONE | LEFT | RIGHT | MOD | DAY | YEAR | KEEP | OVER | WITHIN | IGNORE
    | RESPECT
    | PRETTY
    | MUTABLE
    | IMMUTABLE
    | MLE
    | RESETTABLE
    | FILTER
    | QUALIFY
    | WINDOW
    | MODEL
    | SUBPARTITION
    | MATCH_RECOGNIZE
    | CONTAINERS
    | OUT                                              // a parameter mode, but not reserved: `out varchar2(10);`
    ;

// Names that may follow a table or column as its alias without AS: identifier minus the words that
// continue a query there (LEFT JOIN, MOD, DAY TO SECOND, OVER, WITHIN GROUP, IGNORE NULLS, MEMBER OF).
aliasName
    : ID | DELIMITED_ID | SUBSTITUTION | ACCESSIBLE | AFTER | AGGREGATE | ARRAY | AUTHID | BEFORE | BODY | BYTE
    | CHAR | CHARACTER | COLLATION | COLLECT | COMPOUND | CONSTANT | CONSTRUCTOR | CONTENT | CONVERSION
    | DETERMINISTIC | DOCUMENT | DOUBLE | EACH | EVALNAME | EDITIONABLE | EDITIONING | EMPTY | ENCODING | ERROR | ERRORS
    | EXCEPTION | EXCEPTIONS | EXTERNAL | FINAL | FIRST | FOLLOWING | FORCE | FORMAT | GROUPING | IMMEDIATE
    | INDICES | INSTANTIABLE | INDENT | INTERVAL | JAVA | KEEP | KEY | LANGUAGE | LAST | LIBRARY | LIMIT | LOCAL
    | LOCKED | LOG | LONG | MAP | MATCHED | MERGE | MONTH | NAME | NATIONAL | NEXT | NO | NOCYCLE
    | NONEDITIONABLE | NULLS | OBJECT | OFFSET | ONLY | OVERFLOW | PAIRS | PARALLEL_ENABLE | PASSING | PERCENT
    | PIPELINED | PRECEDING | PRECISION | RANGE | RAW | RECORD | REF | REFERENCING | REJECT | RELIES_ON | REPEAT
    | REPLACE | RESULT | RESULT_CACHE | RETURNING | REVERSE | ROW | ROWS | ROWTYPE | SAMPLE | SAVE | SECOND
    | SELF | SET | SETS | SHARING | SIBLINGS | SKIP_ | SQL_MACRO | STANDALONE | STATEMENT | STATIC | TIES
    | TIME | TIMESTAMP | TRUNCATE | TYPE | UNBOUNDED | UNDER | UNLIMITED | VALUE | VARRAY | VARYING | VERSION | VERSIONS
    | WAIT | WELLFORMED | WITHOUT | WORK | WRAPPER | YES | ZONE
    | PRETTY
    | MUTABLE
    | IMMUTABLE
    | MLE
    | RESETTABLE
    | FILTER
    | CONTAINERS
    ;

// Any word, keyword or not: for names after a dot, after AS, subprogram and label names, END labels.
anyName
    : ID | DELIMITED_ID | SUBSTITUTION | ACCESSIBLE | AFTER | AGGREGATE | ARRAY | AUTHID | BEFORE | BODY | BYTE
    | CHAR | CHARACTER | COLLATION | COLLECT | COMPOUND | CONSTANT | CONSTRUCTOR | CONTENT | CONVERSION
    | DETERMINISTIC | DOCUMENT | DOUBLE | EACH | EVALNAME | EDITIONABLE | EDITIONING | EMPTY | ENCODING | ERROR | ERRORS
    | EXCEPTION | EXCEPTIONS | EXTERNAL | FINAL | FIRST | FOLLOWING | FORCE | FORMAT | GROUPING | IMMEDIATE
    | INDICES | INSTANTIABLE | INDENT | INTERVAL | JAVA | KEY | LANGUAGE | LAST | LIBRARY | LIMIT | LOCAL
    | LOCKED | LOG | LONG | MAP | MATCHED | MEMBER | MERGE | MONTH | NAME | NATIONAL | NEXT | NO | NOCYCLE
    | NONEDITIONABLE | NULLS | OBJECT | OFFSET | ONLY | OVERFLOW | PAIRS | PARALLEL_ENABLE | PASSING | PERCENT
    | PIPELINED | PRECEDING | PRECISION | RANGE | RAW | RECORD | REF | REFERENCING | REJECT | RELIES_ON | REPEAT
    | REPLACE | RESULT | RESULT_CACHE | RETURNING | REVERSE | ROW | ROWS | ROWTYPE | SAMPLE | SAVE | SECOND
    | SELF | SET | SETS | SHARING | SIBLINGS | SKIP_ | SQL_MACRO | STANDALONE | STATEMENT | STATIC | SUBMULTISET | TIES
    | TIME | TIMESTAMP | TRUNCATE | TYPE | UNBOUNDED | UNDER | UNLIMITED | VALUE | VARRAY | VARYING | VERSION | VERSIONS
    | WAIT | WELLFORMED | WITHOUT | WORK | WRAPPER | YES | ZONE | LEFT | RIGHT | MOD | DAY | YEAR | KEEP | OVER | WITHIN | IGNORE
    | RESPECT | ALL | AND | ANY | APPLY | AS | ASC | AT | BEGIN | BETWEEN | BOTH | BULK | BY | CALL | CASE
    | CLOSE | COLLATE | COLUMNS | COMMIT | CONNECT | CONNECT_BY_ROOT | CONTINUE | CREATE | CROSS | CURRENT
    | CURSOR | DATE | DECLARE | DEFAULT | DELETE | DESC | DISTINCT | ELSE | ELSIF | END | ESCAPE | EXCEPT
    | EXCEPTION | EXECUTE | EXISTS | EXIT | FETCH | FOR | FORALL | FROM | FULL | FUNCTION | GOTO | GROUP
    | HAVING | IF | IN | INDEX | INNER | INSERT | INSTEAD | INTERSECT | INTO | IS | JOIN | LATERAL | LEADING
    | LIKE | LIKE2 | LIKE4 | LIKEC | LOCK | LOOP | MINUS | MODE | MULTISET | NATURAL | NEW | NOCOPY | NOT
    | NOWAIT | NULL_ | OF | ON | OPEN | OR | ORDER | OUT | OUTER | OVERRIDING | PACKAGE | PARTITION | PIPE
    | PIVOT | PRAGMA | PRIOR | PROCEDURE | RAISE | RETURN | ROLLBACK | SAVEPOINT | SELECT | SOME | START
    | SUBTYPE | TABLE | THEN | TO | TRAILING | TRIGGER | UNION | UNIQUE | UNPIVOT | UPDATE | USING | VALUES
    | WHEN | WHERE | WHILE | WITH
    | PRETTY
    | MUTABLE
    | IMMUTABLE
    | MLE
    | RESETTABLE
    | FILTER
    | QUALIFY
    | WINDOW
    | MODEL
    | SUBPARTITION
    | MATCH_RECOGNIZE
    | CONTAINERS
    ;

// ==== islands =============================================================================================

// SQL other than queries and DML at the top level of a script: ALTER, DROP, GRANT, COMMENT, ... kept as
// tokens. The segmenter ends each at its ';' or '/', so an island never swallows a following unit.
islandStatement
    : islandStart islandTokens
    ;

islandStart
    : ID | TRUNCATE | CALL
    ;

// The run takes every token up to ';' or the end of the segment either way; saying so makes its end LL(1).
islandTokens
    : (~SEMI)* (SEMI | EOF)
    ;

balancedTokens
    : (~(LPAREN | RPAREN) | LPAREN balancedTokens? RPAREN)+
    ;

// XMLTABLE's column list is not parenthesised: it runs to the function's closing parenthesis. Its own rule,
// so that balancedTokens, always closed by ')', ends on one token of lookahead.
columnDefinitions
    : (~(LPAREN | RPAREN) | LPAREN balancedTokens? RPAREN)+
    ;
