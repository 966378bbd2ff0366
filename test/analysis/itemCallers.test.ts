/**
 * The callers of an edited subprogram (analysis/analyze.ts, `rangeWatched`): a line break typed inside a package
 * item moves the end of its definition's range and nothing else of it, so the items that looked it up are replayed,
 * not walked, with their calls resolved to the definition as it is now (hover and go-to-definition show its new
 * range). A walk that does read a definition's range is not kept. Every edit is compared with a from-scratch analysis.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import { OpenDocument } from './openDocument.ts';

/** A package body: `count` callers before and after the helper `log_it`, each calling it in a loop over a query. */
function body(count: number, helperBody: string): string {
  const caller = (name: string) => `  procedure ${name} is
  begin
    for r in (select id from t where kind = '${name}') loop
      log_it(r.id);
    end loop;
  end ${name};
`;
  const before = Array.from({ length: count }, (_, i) => caller(`before_${i}`)).join('');
  const after = Array.from({ length: count }, (_, i) => caller(`after_${i}`)).join('');
  return `create or replace package body callers as
${before}  procedure log_it(p_id number) is
  begin
${helperBody}
  end log_it;
${after}end callers;
/
`;
}

const HELPER = '    insert into log_table (id) values (p_id);\n    l_count := l_count + 1;';

test('item callers: a line break typed inside a called item re-walks only that item, and its callers resolve to it as it is now', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'callers.pkb');
  const text = body(8, HELPER);
  doc.edit(text, 'opening');
  const typed = body(8, HELPER.replace('\n', '\n\n'));
  let walked = doc.items.walked;
  const result = doc.edit(typed, 'a line break inside log_it');
  assert.equal(doc.items.walked - walked, 1, 'only log_it walked, none of its 16 callers');
  // a caller above log_it (not moved) resolves its call to log_it's definition with the range that ends a line lower
  const call = result.semantics.calls.find((c) => c.name === 'LOG_IT' && c.range.line < 10)!;
  assert.equal(call.resolution.definition?.range.endLine, typed.split('\n').findIndex((l) => l === '  end log_it;') + 1);
  walked = doc.items.walked;
  const back = doc.edit(text, 'the line break deleted');
  assert.equal(doc.items.walked - walked, 1);
  // a space typed inside log_it (no line moves): its definition is the same, and the very same object for the callers
  const definitionOf = (result: typeof back) => result.semantics.calls.find((c) => c.name === 'LOG_IT' && c.range.line < 10)!.resolution.definition;
  const spaced = doc.edit(text.replace('    l_count := l_count + 1;', '     l_count := l_count + 1;'), 'a space typed inside log_it');
  assert.equal(definitionOf(spaced), definitionOf(back), 'an unchanged definition is kept as it was');
  // log_it always raises now (same lines): its definition says so, and every caller is walked again with it
  const raising = doc.edit(text.replace('    l_count := l_count + 1;', "    raise_application_error(-20001, 'x');"), 'log_it always raises');
  assert.equal(definitionOf(raising)?.alwaysRaises, true);
  assert.notEqual(definitionOf(raising), definitionOf(spaced));
  doc.edit(text, 'log_it returns again');
  // the helper's body changed otherwise (no SQL any more): its callers' findings change, so they are walked
  walked = doc.items.walked;
  doc.edit(body(8, '    null;\n\n    null;'), 'the INSERT replaced and a line added');
  assert.ok(doc.items.walked - walked >= 16, `the callers walked (${doc.items.walked - walked})`);
  doc.edit(text, 'back');
});

test('item callers: a walk that reads the range of a definition it looked up is walked again when that range moves', () => {
  // a rule that names where the called subprogram ends, walked item by item as the built-in rules are (rules passed
  // in as extraRules see every item in a walk of their own, so it joins the registry for this test's process)
  const endOfCallee: Rule = {
    meta: { id: 'test-end-of-callee', defaultSeverity: 'info', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' },
    create: (context) => ({
      call({ call }) {
        const found = context.definitions(`CALLERS.${call.name}`)[0];
        if (found) context.report(call.nameRange, `${call.name} ends at line ${found.range.endLine}`);
      },
    }),
  };
  const registry = PERFORMANCE_RULES as Rule[];
  registry.push(endOfCallee);
  try {
    const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'test-end-of-callee': { enabled: true } } }, 'callers.pkb');
    const text = body(3, HELPER);
    const opened = doc.edit(text, 'opening');
    assert.equal(opened.findings.filter((f) => f.rule === 'test-end-of-callee').length, 6);
    // (a walk that read a range is not kept: walked every time, never replayed)
    const reused = doc.items.reused;
    const typed = doc.edit(body(3, HELPER.replace('\n', '\n\n')), 'a line break inside log_it');
    assert.equal(doc.items.reused - reused, 0, 'no caller replayed');
    const ends = new Set(typed.findings.filter((f) => f.rule === 'test-end-of-callee').map((f) => f.message));
    const end = body(3, HELPER.replace('\n', '\n\n')).split('\n').indexOf('  end log_it;') + 1;
    assert.deepEqual([...ends], [`LOG_IT ends at line ${end}`], 'every caller names the new end');
    doc.edit(text, 'the line break deleted');
  } finally {
    registry.splice(registry.indexOf(endOfCallee), 1);
  }
});

test('item callers: a kept definition is compared by every field a definition has', async () => {
  const { DEFINITION_FIELDS } = await import('../../server/src/analysis/analyze.ts');
  const { definitionsOfScript } = await import('../../server/src/analysis/index/workspaceIndex.ts');
  const { parseScript } = await import('../../server/src/syntax/parseScript.ts');
  const { readdirSync, readFileSync } = await import('node:fs');
  // every rule's fixtures (package specs with typed variables, helpers that always raise, UTL_FILE handle parameters)
  const root = new URL('../rules/fixtures/', import.meta.url);
  const seen = new Set<string>();
  for (const rule of readdirSync(root)) {
    for (const name of readdirSync(new URL(`${rule}/`, root))) {
      if (!name.endsWith('.sql') && !name.endsWith('.pkb') && !name.endsWith('.pks')) continue;
      const text = readFileSync(new URL(`${rule}/${name}`, root), 'utf8');
      for (const definition of definitionsOfScript(name, parseScript(text, { unitCache: false }))) for (const key of Object.keys(definition)) seen.add(key);
    }
  }
  for (const field of ['typeText', 'alwaysRaises', 'fileParameters', 'container', 'memberKind']) assert.ok(seen.has(field), `the fixtures give definitions with ${field}`);
  assert.deepEqual([...seen].filter((key) => !(DEFINITION_FIELDS as readonly string[]).includes(key)), [], 'every field is compared');
});
