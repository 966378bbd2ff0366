/**
 * Moved items that share what they read (analysis/analyze.ts, itemMove.ts): the items below a line break share
 * their unit's context, compared once per unit and analysis, and ask the graph the same questions of the same
 * siblings. These scenarios change what is shared in the same edit that moves the items (a sibling's SQL removed or
 * added, a declaration of one unit edited, two package bodies in one file), so a shared answer carried to an item it
 * does not hold for shows as a difference from the from-scratch analysis (OpenDocument compares every edit).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

/** A package body whose procedures each loop and call the shared logger `log_it` (which runs an INSERT) in the loop. */
function body(name: string, count: number, logBody: string, declarations = '  g_level number := 1;'): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    items.push(`  procedure p${i} is
  begin
    for r in (select id from t${i % 3} where flag = ${i}) loop
      log_it(r.id);
      ${name}.log_it(r.id + 1);
    end loop;
  end p${i};
`);
  }
  return `create or replace package body ${name} as
${declarations}
  procedure log_it(p_id number) is
  begin
${logBody}
  end log_it;
${items.join('\n')}end ${name};
/
`;
}

const LOGS = `    insert into log_table (id) values (p_id);`;
const SILENT = `    null;`;

/** The same edit typed as a user does it: the item moves by the line break, the sibling changes at once. */
function withLineBreakAt(text: string, marker: string): string {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, marker);
  return `${text.slice(0, at)}\n${text.slice(at)}`;
}

test('item move, shared questions: a line break above every caller of one sibling replays them moved, each as from scratch', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'shared.pkb');
  const text = body('pkg', 12, LOGS);
  const opened = doc.edit(text, 'opening');
  assert.ok(opened.findings.filter((f) => f.rule === 'hidden-sql-in-loop').length >= 12, 'each caller flagged for the INSERT in its loop');
  const moved = doc.items.moved;
  doc.edit(withLineBreakAt(text, '  procedure p0 is'), 'an empty line above p0');
  doc.edit(text, 'the empty line deleted');
  doc.edit(withLineBreakAt(text, '  procedure log_it'), 'an empty line above the logger');
  doc.edit(text, 'the empty line deleted again');
  assert.ok(doc.items.moved - moved >= 4 * 12, `the callers were replayed at their new places (${doc.items.moved - moved})`);
});

test('item move, shared questions: the shared sibling changes in the edit that moves its callers, so none of them is replayed', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'shared.pkb');
  const logs = body('pkg', 10, LOGS);
  // the logger's INSERT becomes two lines of NULL: every caller below moves by a line and its finding goes
  const silent = body('pkg', 10, `${SILENT}\n${SILENT}`);
  const opened = doc.edit(logs, 'opening');
  const walked = doc.items.walked;
  const quiet = doc.edit(silent, 'the logger no longer runs SQL, one line longer');
  assert.ok(doc.items.walked - walked >= 10, `the callers were walked again (${doc.items.walked - walked})`);
  assert.ok(quiet.findings.filter((f) => f.rule === 'hidden-sql-in-loop').length < opened.findings.filter((f) => f.rule === 'hidden-sql-in-loop').length);
  // and back: the SQL returns while the callers move up again
  doc.edit(logs, 'the logger runs its INSERT again');
  // only the logger's text changes (no line moves): the callers are unmoved, their graph answers are not
  doc.edit(body('pkg', 10, SILENT), 'the logger silent again, same length');
  doc.edit(withLineBreakAt(body('pkg', 10, LOGS), '  procedure p3 is'), 'the INSERT back and a line break above p3');
});

test('item move, shared questions: two package bodies in one file keep their own contexts when both move', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'two.pkb');
  const first = body('pkg_a', 5, LOGS);
  const second = body('pkg_b', 5, LOGS, '  g_level number := 2;');
  const text = `${first}${second}`;
  doc.edit(text, 'opening');
  const moved = doc.items.moved;
  // a line break in the first body's declarations: both bodies' items move, the first's context changed only by places
  doc.edit(withLineBreakAt(text, '  g_level number := 1;'), 'an empty line above the first body\'s declaration');
  doc.edit(text, 'deleted');
  // the second body's declaration edited while the first body's items move: only the second's items are walked
  const walked = doc.items.walked;
  const edited = withLineBreakAt(`${first}${body('pkg_b', 5, LOGS, '  g_level number := 3;')}`, '  procedure p1 is');
  doc.edit(edited, 'a line break in pkg_a and the declaration of pkg_b changed');
  assert.ok(doc.items.walked - walked >= 6, `pkg_b's items walked again (${doc.items.walked - walked})`);
  doc.edit(text, 'both undone');
  assert.ok(doc.items.moved - moved >= 10, `items of both bodies replayed moved (${doc.items.moved - moved})`);
});
