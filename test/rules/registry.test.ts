/** Rules, their doc pages and their fixture folders match one to one; every id is kebab-case. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { BUILTIN_RULES, PERFORMANCE_RULES, RULES } from '../../server/src/analysis/rules/registry.ts';
import { docPathOf } from '../../server/src/analysis/rules/rule.ts';

const root = new URL('../../', import.meta.url).pathname;

test('every performance rule has a doc page and a fixture folder, and nothing else has', () => {
  const ruleIds = PERFORMANCE_RULES.map((r) => r.meta.id).sort();
  const fixtureIds = readdirSync(`${root}test/rules/fixtures`).sort();
  assert.deepEqual(fixtureIds, ruleIds);
  const docIds = readdirSync(`${root}docs/rules`).filter((n) => n.endsWith('.md') && n !== 'README.md').map((n) => n.slice(0, -3)).sort();
  assert.deepEqual(docIds, RULES.map((r) => r.id).sort());
});

test('rule metadata is complete and ids are unique kebab-case', () => {
  const ids = new Set<string>();
  for (const meta of [...PERFORMANCE_RULES.map((r) => r.meta), ...BUILTIN_RULES]) {
    assert.match(meta.id, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    assert.ok(!ids.has(meta.id), `duplicate id ${meta.id}`);
    ids.add(meta.id);
    assert.ok(meta.summary.length > 20 && meta.remedy.length > 10, `${meta.id} has a summary and a remedy`);
    assert.equal(meta.docPath, `docs/rules/${meta.id}.md`);
    assert.equal(docPathOf(meta.id), meta.docPath);
    assert.ok(existsSync(root + meta.docPath), `${meta.docPath} exists`);
  }
});

test('each performance rule doc has the sections a reader needs', () => {
  for (const { meta } of PERFORMANCE_RULES) {
    const doc = readFileSync(root + meta.docPath, 'utf8');
    for (const heading of ['## What it finds', '## Why it costs', '## Flagged', '## Fixed', '## When not to worry']) {
      assert.ok(doc.includes(heading), `${meta.docPath} has "${heading}"`);
    }
    assert.ok(doc.startsWith(`# ${meta.id}`), `${meta.docPath} starts with its id`);
  }
});
