/**
 * Per-keystroke cost of the editor's analysis, big package body against one about a tenth as long, through the
 * path the language server takes (parse with the unit cache, `analyzeDocument` with the document's kept items
 * against an index of the whole corpus, re-index from the same parse). Prints CPU time per phase and how many
 * package items were walked and replayed per keystroke. Both bodies run in one process, alternately, so the
 * ratio holds on a shared machine (absolute times do not).
 *
 *   node --import tsx scripts/profile-keystrokes.ts [--edits N] [--kind inplace|newline] [--spot item|middle] [--item NAME] [--big PATH] [--small PATH]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/profile-keystrokes.ts --only big
 *
 * Edits: `inplace` types a space at the start of a line (see --spot) and removes it (nothing moves); `newline` inserts a
 * line break there and removes it (the items below move).
 *
 * `--small trimmed[:N]`: the small body is the big one with all but every Nth package item cut out (default 10), the
 * item typed in kept, and the package renamed, in an index of its own: the corpus with it in place of the big body (two
 * packages with the same members in one index would answer each other's lookups). The two then differ only in the number of
 * items around the one typed in, which the big/small ratio of two different bodies does not isolate: there the item
 * typed in is another one, with a walk of its own cost.
 */
import { WorkspaceIndex } from '../server/src/analysis/index/workspaceIndex.ts';
import { ItemCache } from '../server/src/analysis/itemCache.ts';
import { analyzeDocument } from '../server/src/lsp/analyzeDocument.ts';
import { parseScript } from '../server/src/syntax/parseScript.ts';
import { largestPackageBody, loadCorpus, packageBodyNear, type CorpusFile } from '../test/bench/corpus.ts';
import { trimmedBody, typedItem } from '../test/bench/trimmedBody.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const edits = Number(arg('edits') ?? 100);
const kind = arg('kind') ?? 'inplace';
const only = arg('only');
const spot = arg('spot') ?? 'item';
/** With --spot item: the package item to type into, by name (the big body's; else the first after the middle). */
const itemName = arg('item');

const files = loadCorpus();
const big = (arg('big') && files.find((f) => f.path === arg('big'))) || largestPackageBody(files);
if (!big) throw new Error('no package body in the corpus');
const trimmedEvery = /^trimmed(?::(\d+))?$/.exec(arg('small') ?? '');
const small = trimmedEvery ? trimmedBody(big, typedItem(big.text, itemName)?.name ?? '', Number(trimmedEvery[1] ?? 10)) : (arg('small') && files.find((f) => f.path === arg('small'))) || packageBodyNear(files, big.lines / 10);
if (!small) throw new Error('no smaller package body in the corpus');

/** The corpus indexed, with `instead` in place of the big body when given. */
function corpusIndex(instead?: CorpusFile): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const file of files) {
    try {
      if (file !== big || !instead) index.update(file.path, file.text);
      else index.update(instead.path, instead.text);
    } catch {
      // an unreadable corpus file is not what is measured here
    }
  }
  return index;
}
const bigIndex = corpusIndex();
const smallIndex = trimmedEvery ? corpusIndex(small) : bigIndex;

interface Doc {
  file: CorpusFile;
  text: string;
  items: ItemCache;
  at: number;
  cpu: { parse: number; analyse: number; reindex: number };
  walked: number;
  reused: number;
  /** Replayed through the edit's line map (moved, or what they read moved). */
  moved: number;
}

/**
 * Where to type: `middle`, the start of the middle line (where bench-lsp types: in pdfgen_pkg.pkb a comment); or
 * `item` (the default), the middle line of the first package item that starts after the middle of the body.
 */
function editLine(file: CorpusFile, named: string | undefined): number {
  const middle = Math.floor(file.text.split('\n').length / 2);
  if (spot === 'middle') return middle;
  const item = typedItem(file.text, named);
  return item ? Math.floor((item.range.line + item.range.endLine) / 2) : middle;
}

const open = (file: CorpusFile): Doc => {
  const doc: Doc = { file, text: file.text, items: new ItemCache(), at: 0, cpu: { parse: 0, analyse: 0, reindex: 0 }, walked: 0, reused: 0, moved: 0 };
  // the trimmed body is typed in where the big one is: the same item
  const line = editLine(file, file === big ? itemName : trimmedEvery && file === small ? typedItem(big.text, itemName)?.name : undefined);
  doc.at = file.text.split('\n').slice(0, line - 1).join('\n').length + 1;
  console.log(`${file.path}: typing at line ${line}`);
  keystroke(doc, file.text);
  return doc;
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function keystroke(doc: Doc, text: string): void {
  const walked = doc.items.walked;
  const reused = doc.items.reused;
  const moved = doc.items.moved;
  let t = cpuMs();
  const script = parseScript(text, { unitCache: true });
  let now = cpuMs();
  doc.cpu.parse += now - t;
  t = now;
  const index = doc.file === small ? smallIndex : bigIndex;
  analyzeDocument(text, { file: doc.file.path, index, script, items: doc.items, updateIndex: 'no' });
  now = cpuMs();
  doc.cpu.analyse += now - t;
  t = now;
  index.updateFromScript(doc.file.path, script, text);
  doc.cpu.reindex += cpuMs() - t;
  doc.walked = doc.items.walked - walked;
  doc.reused = doc.items.reused - reused;
  doc.moved = doc.items.moved - moved;
  doc.text = text;
}

function edit(doc: Doc, i: number): void {
  const insert = kind === 'newline' ? '\n' : ' ';
  const text = i % 2 === 0 ? doc.text.slice(0, doc.at) + insert + doc.text.slice(doc.at) : doc.file.text;
  keystroke(doc, text);
}

const docs = [big, small].filter((f) => !only || (only === 'big' ? f === big : f === small)).map(open);
const walkedPer = docs.map(() => [] as number[]);
const reusedPer = docs.map(() => [] as number[]);
const movedPer = docs.map(() => [] as number[]);
for (const doc of docs) doc.cpu = { parse: 0, analyse: 0, reindex: 0 };
for (let i = 0; i < edits; i++) {
  docs.forEach((doc, d) => {
    edit(doc, i);
    walkedPer[d]!.push(doc.walked);
    reusedPer[d]!.push(doc.reused);
    movedPer[d]!.push(doc.moved);
  });
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const rows = docs.map((doc, d) => {
  const per = (ms: number) => (ms / edits).toFixed(2);
  const total = doc.cpu.parse + doc.cpu.analyse + doc.cpu.reindex;
  return { doc, total: total / edits, line: `${doc.file.path} (${doc.file.lines} lines): CPU ms per keystroke parse ${per(doc.cpu.parse)}, analyse ${per(doc.cpu.analyse)}, re-index ${per(doc.cpu.reindex)}, total ${per(total)}; items walked ${mean(walkedPer[d]!).toFixed(1)}, replayed ${mean(reusedPer[d]!).toFixed(1)} (${mean(movedPer[d]!).toFixed(1)} of them shifted) per keystroke` };
});
console.log(`${edits} ${kind} keystrokes each`);
for (const row of rows) console.log(row.line);
if (rows.length === 2) {
  const [b, s] = rows;
  const ratio = (x: number, y: number) => (y > 0 ? (x / y).toFixed(1) : '-');
  console.log(`big / small per keystroke: total ${ratio(b!.total, s!.total)}x, analyse ${ratio(b!.doc.cpu.analyse, s!.doc.cpu.analyse)}x, parse ${ratio(b!.doc.cpu.parse, s!.doc.cpu.parse)}x, re-index ${ratio(b!.doc.cpu.reindex, s!.doc.cpu.reindex)}x for ${(big.lines / small.lines).toFixed(1)}x the lines`);
}
