/**
 * A unit taken from the parser's unit cache at another position (lines were added above it) is walked exactly
 * like a fresh parse: the rebased model keeps the nodes the model shares (a standalone subprogram's body is
 * its unit's body), so no statement is visited twice and no rule runs twice over the same code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';

function statements(text: string): string[] {
  const seen: string[] = [];
  const recorder: Rule = {
    meta: { id: 'test-recorder', defaultSeverity: 'info', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' },
    create: () => ({ statement: (s) => void seen.push(`${s.statementKind}@${s.range.line}`) }),
  };
  analyzeText(text, { extraRules: [recorder], unitCache: true });
  return seen;
}

test('a cached standalone procedure moved down by a line is walked once, at its new lines', () => {
  const body = 'create or replace procedure p as\n  l number;\nbegin\n  l := 1;\n  commit;\nend p;\n/\n';
  assert.deepEqual(statements(`-- rebase sharing test\n${body}`), ['assignment@5', 'sql@6']);
  // the same unit one line lower: a cache hit, rebased
  assert.deepEqual(statements(`-- rebase sharing test\n-- one more line\n${body}`), ['assignment@6', 'sql@7']);
});

test('a rebased package body equals a fresh parse at its new lines, and shares only the lists that hold no place', async () => {
  const { parseScript } = await import('../../server/src/syntax/parseScript.ts');
  const { rebaseUnits } = await import('../../server/src/syntax/model/rebase.ts');
  const body = `create or replace package body rebase_pkg as
  g_limit constant pls_integer := 100;
  procedure load(p_day date) is
  begin
    for r in (select o.id, o.amount from orders o join lines l on l.order_id = o.id where o.day = p_day) loop
      <<inner>>
      begin
        update totals t set t.amount = t.amount + r.amount where t.id = r.id;
      exception
        when no_data_found then null;
      end;
    end loop;
  end load;
end rebase_pkg;
/
`;
  const unitsOf = (text: string) => parseScript(text, { unitCache: false }).units.flatMap((u) => u.views[0] ?? []);
  const here = unitsOf(body);
  const moved = rebaseUnits(here, { line: 1, column: 1 }, { line: 4, column: 1 });
  assert.deepEqual(moved, unitsOf(`-- three\n-- lines\n-- above\n${body}`), 'the rebased model is the model parsed at line 4');
  // a list of names (the tables of the loop's query) is the same list; a node and its range are copies
  const loopOf = (units: typeof here) => units[0]!.subprograms[0]!.body!.statements[0]!;
  const before = loopOf(here);
  const after = loopOf(moved);
  assert.notEqual(after, before);
  assert.notEqual(after.range, before.range);
  assert.equal(after.range.line, before.range.line + 3);
  const tablesOf = (statement: typeof before): string[] | undefined => (statement as { query?: { tables: string[] } }).query?.tables;
  assert.deepEqual(tablesOf(before), ['ORDERS', 'LINES']);
  assert.equal(tablesOf(after), tablesOf(before), 'a list without places is shared');
  assert.notEqual((after as { query?: object }).query, (before as { query?: object }).query, 'the query that holds it is a copy');
});

test('the model never shares a statement, branch or call (rebase copies them without looking them up)', async () => {
  const { parseScript } = await import('../../server/src/syntax/parseScript.ts');
  const { readFileSync, readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { corpusRoot } = await import('../bench/corpus.ts');
  const texts = [
    readFileSync(join(corpusRoot(), 'alexandria/extras/pdfgen_pkg.pkb'), 'utf8'),
    'create or replace procedure p as\n  l number;\nbegin\n  if l > 0 then f(l); else g(l); end if;\nend p;\n/\n',
    'begin\n  for r in (select f(x) from t) loop\n    case when r.x > 0 then p(r.x); end case;\n  end loop;\nend;\n/\n',
    ...readdirSync('examples').filter((f) => /\.(sql|pkb|prc)$/.test(f)).map((f) => readFileSync(join('examples', f), 'utf8')),
  ];
  let nodes = 0;
  for (const text of texts) {
    const seen = new Set<object>();
    const visit = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      const kind = (value as { kind?: unknown }).kind;
      if (seen.has(value)) {
        assert.ok(kind !== 'statement' && kind !== 'call' && kind !== 'branch', `a ${String(kind)} node listed twice`);
        return;
      }
      seen.add(value);
      if (kind === 'statement' || kind === 'call' || kind === 'branch') nodes++;
      for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
    };
    visit(parseScript(text, { unitCache: false }).units.map((u) => u.views));
  }
  assert.ok(nodes > 5000, `${nodes} nodes seen`);
});
