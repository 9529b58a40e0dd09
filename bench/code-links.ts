/**
 * Code links (`usage:`, issue 38): one scan of a generated codebase — 5,000 TypeScript files
 * (~80 lines each, `BENCH_CODE_FILES`) using 10,000 keys (`BENCH_CODE_KEYS`) — against the naive
 * way, a search of every file for each key (timed on 200 keys and scaled to all). Reading the
 * files from disk is timed apart from the search. The links found are checked against what the
 * generator wrote. Prints {"bench":"code-links","files":F,"keys":K,"read_ms":R,"index_ms":I,…}.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findKeyUses } from '../src/context/code-links.ts';
import { readUsageFiles } from '../src/context/usage-files.ts';

const FILES = Number(process.env.BENCH_CODE_FILES ?? 5000);
const KEYS = Number(process.env.BENCH_CODE_KEYS ?? 10000);
const keys = Array.from({ length: KEYS }, (_, i) => `screen${i % 97}.section${i % 13}.label${i}`);

// Each file: imports, a component, 8 uses of keys, comments with apostrophes, other strings.
let written = 0;
const dir = await mkdtemp(join(tmpdir(), 'svc-bench-code-links-'));
const expectedUses = new Map<string, number>();
for (let f = 0; f < FILES; f++) {
  const lines = [
    "import { useTranslation } from 'react-i18next';",
    "import { Button, Card } from '@acme/ui';",
    "// Don't inline these: the design system's tokens change per theme.",
    `export function Screen${f}({ user }: { user: { name: string } }) {`,
    '  const { t } = useTranslation();',
  ];
  for (let u = 0; u < 8; u++) {
    const key = keys[(f * 8 + u) % KEYS]!;
    expectedUses.set(key, (expectedUses.get(key) ?? 0) + 1);
    lines.push(
      `  const v${u} = t('${key}', { name: user.name });`,
      `  const class${u} = "card-${u} elevated";`,
      `  if (!v${u}) console.warn(\`missing \${u}\`, "${key}");`,
      '  // a comment about the value above, with no key in it',
      `  const data${u} = { id: ${u}, kind: 'primary', size: "m" };`,
      '',
    );
  }
  lines.push('  return <Card><Button>{v0}</Button></Card>;', '}', '');
  const path = `src/screens/s${f % 50}/Screen${f}.tsx`;
  await mkdir(dirname(join(dir, path)), { recursive: true });
  const text = lines.join('\n');
  written += text.length;
  await writeFile(join(dir, path), text);
}

const t0 = performance.now();
const { files } = await readUsageFiles(dir, ['src/**/*.{ts,tsx}']);
const t1 = performance.now();
const uses = findKeyUses(files, new Set(keys));
const t2 = performance.now();

// The naive way: for each key, every file searched for its quoted spelling.
const SAMPLE = 200;
const t3 = performance.now();
let naiveFound = 0;
for (const key of keys.slice(0, SAMPLE))
  for (const file of files)
    for (const q of ["'", '"', '`']) if (file.text.includes(`${q}${key}${q}`)) naiveFound++;
const t4 = performance.now();
const naiveMs = ((t4 - t3) / SAMPLE) * KEYS;

// Each key is used in t('…') and in "…" of the warning; the template literal before it is no use.
let wrong = 0;
for (const [key, n] of expectedUses) if (uses.get(key)?.total !== 2 * n) wrong++;
await rm(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    bench: 'code-links',
    files: files.length,
    keys: KEYS,
    mb: Math.round((written / 1e6) * 10) / 10,
    read_ms: Math.round(t1 - t0),
    index_ms: Math.round(t2 - t1),
    naive_ms_estimated: Math.round(naiveMs),
    speedup: Math.round(naiveMs / (t2 - t1)),
    keys_used: uses.size,
    wrong_counts: wrong,
    naive_sample_found: naiveFound,
  })}\n`,
);
