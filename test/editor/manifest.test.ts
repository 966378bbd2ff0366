/**
 * package.json is also the extension manifest. JSON allows a key twice and keeps the last one, so a merge that
 * adds a second "contributes" silently drops the first (it happened once): this test reads the file with a
 * parser that rejects duplicate keys and checks what the extension needs from it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../cli/buildOnce.ts';

/** Object keys in the order written, per object, found by a small scan of the JSON text. */
function duplicateKeys(text: string): string[] {
  const stack: Set<string>[] = [];
  const duplicates: string[] = [];
  const token = /"(?:[^"\\]|\\.)*"\s*:?|[{}[\]]/g;
  for (const match of text.matchAll(token)) {
    const t = match[0];
    if (t === '{') stack.push(new Set());
    else if (t === '}') stack.pop();
    else if (t.endsWith(':')) {
      const key = JSON.parse(t.slice(0, -1).trim()) as string;
      const keys = stack.at(-1)!;
      if (keys.has(key)) duplicates.push(key);
      keys.add(key);
    }
  }
  return duplicates;
}

const text = readFileSync(join(repoRoot, 'package.json'), 'utf8');
const manifest = JSON.parse(text);

test('package.json has no key twice in one object', () => {
  assert.deepEqual(duplicateKeys(text), []);
});

test('the manifest contributes the plsql language, its grammar, settings and commands, and points at existing files', () => {
  const [language] = manifest.contributes.languages;
  assert.equal(language.id, 'plsql');
  // .sql is not claimed: it keeps the user's language (sql, oraclesql, plsql) and goes through the dialect check.
  assert.deepEqual(language.extensions, ['.pls', '.plb', '.pks', '.pkb', '.pck', '.pkg', '.prc', '.fnc', '.trg', '.tps', '.tpb', '.typ', '.spc', '.bdy']);
  // a PL/SQL Developer test script (`.tst`, a name other tools use too) is PL/SQL by its first line, with or without a BOM
  const firstLine = new RegExp(language.firstLine);
  assert.ok(firstLine.test('PL/SQL Developer Test script 3.0') && firstLine.test('\uFEFFPL/SQL Developer Test script 3.0'));
  assert.ok(!firstLine.test('-- PL/SQL Developer Test script 3.0') && !firstLine.test('TEST "salary" EXPECT 1.1'));
  for (const path of [language.configuration, manifest.contributes.grammars[0].path, manifest.contributes.jsonValidation[0].url]) {
    assert.ok(existsSync(join(repoRoot, path)), `${path} exists`);
  }
  assert.equal(manifest.main, './dist/extension.cjs');
  assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
  const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
  for (const id of ['plsqlPerf.checkWorkspace', 'plsqlPerf.exportReviewChecklist', 'plsqlPerf.showRuleDocumentation']) assert.ok(commands.includes(id), id);
  assert.ok(manifest.contributes.commands.every((c: { category: string }) => c.category === 'PL/SQL Perf'));
  const settings = Object.keys(manifest.contributes.configuration.properties);
  for (const id of ['plsqlPerf.rules', 'plsqlPerf.configPath', 'plsqlPerf.codeLens.profileBlock', 'plsqlPerf.inlayHints.loopHeat']) assert.ok(settings.includes(id), id);
});

test('Marketplace fields: an icon of our own (PNG 128x128), repository, bugs, homepage, the extension README and CHANGELOG', () => {
  const icon = readFileSync(join(repoRoot, manifest.icon));
  assert.equal(icon.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
  assert.match(manifest.repository.url, /^https:\/\//);
  assert.match(manifest.bugs.url, /^https:\/\//);
  assert.match(manifest.homepage, /^https:\/\//);
  assert.match(manifest.scripts['package:vsix'], /--readme-path README\.extension\.md/);
  assert.doesNotMatch(manifest.scripts['package:vsix'], /--allow-missing-repository/);
  assert.ok(existsSync(join(repoRoot, 'README.extension.md')) && existsSync(join(repoRoot, 'CHANGELOG.md')));
  assert.equal(manifest.capabilities.virtualWorkspaces.supported, 'limited');
});

test('menus: every entry names a contributed command and has a when clause; profile files get Open / Compare in the Explorer', () => {
  const commands = new Set(manifest.contributes.commands.map((c: { command: string }) => c.command));
  const menus = manifest.contributes.menus as Record<string, { command: string; when?: string }[]>;
  for (const [menu, items] of Object.entries(menus)) {
    for (const item of items) {
      assert.ok(commands.has(item.command), `${menu}: ${item.command} is contributed`);
      assert.ok(item.when, `${menu}: ${item.command} has a when clause`);
    }
  }
  const explorer = Object.fromEntries(menus['explorer/context']!.map((i) => [i.command, i.when!]));
  assert.match(explorer['plsqlPerf.openProfile']!, /resourceFilename =~ \/\\\.plsqlprofile\\\.json\$\//);
  assert.match(explorer['plsqlPerf.compareProfiles']!, /listDoubleSelection/);
  assert.match(menus['editor/context']!.find((i) => i.command === 'plsqlPerf.profileBlock')!.when!, /plsqlPerf\.oracleEditor/);
  // Open and Compare only read files: they stay in the palette in Restricted Mode (no isWorkspaceTrusted).
  const palette = Object.fromEntries(menus.commandPalette!.map((i) => [i.command, i.when!]));
  assert.equal(palette['plsqlPerf.openProfile'], undefined);
  assert.equal(palette['plsqlPerf.compareProfiles'], undefined);
  assert.match(palette['plsqlPerf.disconnect']!, /plsqlPerf\.connected/);
});

test('rule settings: one dropdown per rule of the registry (syntax-error included), the old object form still declared', async () => {
  const { RULES } = await import('../../server/src/analysis/rules/registry.ts');
  const properties = manifest.contributes.configuration.properties as Record<string, { enum?: string[]; default?: string }>;
  const perRule = Object.keys(properties).filter((k) => k.startsWith('plsqlPerf.rule.')).map((k) => k.slice('plsqlPerf.rule.'.length)).sort();
  assert.deepEqual(perRule, RULES.map((r) => r.id).filter((id) => id !== 'internal-error').sort(), 'package.json is behind the registry: node --import tsx scripts/sync-rule-settings.mjs');
  for (const id of perRule) {
    assert.deepEqual(properties[`plsqlPerf.rule.${id}`]!.enum, ['default', 'off', 'info', 'warning', 'error']);
    assert.equal(properties[`plsqlPerf.rule.${id}`]!.default, 'default');
  }
  assert.ok(perRule.includes('syntax-error'));
  assert.ok(properties['plsqlPerf.rules']);
});
