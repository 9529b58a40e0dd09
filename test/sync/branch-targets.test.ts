/**
 * The writer started from the l10n branch (people committed to it): a person's edit there is kept
 * byte for byte, a unit whose source changed is still translated, removed units leave (DESIGN §7).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsFrom } from '../../src/config/settings.ts';
import { emptyState, type SyncState } from '../../src/contracts/sync-state.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { type ParsedSource, planTargets, type TargetSource } from '../../src/sync/targets.ts';
import { mergeDelivery, writeTarget } from '../../src/translations/write-target.ts';

const CONFIG = `source: en
targets: [de]
mode: instant
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;
const PATH = 'locales/de/app.json';
const settings = settingsFrom(CONFIG, '.svc.yml', { base: 'main' });
const text = (b: Uint8Array | undefined) => Buffer.from(b!).toString('utf8');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function source(json: string): ParsedSource {
  const bytes = new TextEncoder().encode(json);
  const units = jsonFormat.parse(bytes, { fileName: 'locales/en/app.json' });
  return {
    file: {
      path: 'locales/en/app.json',
      bytes,
      md5: '',
      units: units.length,
      words: 0,
      characters: 0,
      leftOut: [],
    },
    format: jsonFormat,
    units,
  };
}

/** One run: plan the de target (from the branch when `branch` is given), write `set`, record the state. */
async function run(src: ParsedSource, state: SyncState, set: Record<string, string>, branch?: Uint8Array) {
  // The checkout is the base: it has no German file (it lives on the l10n branch only).
  const workspace = await mkdtemp(join(tmpdir(), 'svc-branch-'));
  dirs.push(workspace);
  const readTarget: TargetSource | undefined = branch
    ? async (asks) => new Map(asks.map((a) => [a.path, { bytes: branch }]))
    : undefined;
  const { works } = await planTargets([src], settings, workspace, state, { readTarget });
  const w = works[0]!;
  const writes = new Map<string, string>(w.plan.reapply as Map<string, string>);
  for (const [id, t] of Object.entries(set)) if (w.plan.translate.has(id)) writes.set(id, t);
  const out = writeTarget(
    {
      format: w.source.format,
      lang: 'de',
      path: PATH,
      source: { bytes: src.file.bytes, units: src.units },
      bytes: w.bytes,
      plan: w.plan,
    },
    writes,
  );
  state.targets.de = { [PATH]: w.plan.record };
  return { work: w, out: out ?? w.bytes };
}

describe('writing a target started from the l10n branch a person committed to', () => {
  const first = source('{\n  "greeting": "Hello",\n  "bye": "Bye",\n  "old": "Old"\n}\n');
  const second = source('{\n  "greeting": "Hello there",\n  "bye": "Bye"\n}\n');
  const machine = { greeting: 'Hallo', bye: 'Tschüss', old: 'Alt' };

  async function runOneThenPersonEdits() {
    const state = emptyState();
    const one = await run(first, state, machine);
    expect(text(one.out)).toBe('{\n  "greeting": "Hallo",\n  "bye": "Tschüss",\n  "old": "Alt"\n}\n');
    // A person's commit on the l10n branch: only the bye unit.
    const branch = new TextEncoder().encode(text(one.out).replace('"Tschüss"', '"Tschüss, Leute!"'));
    return { state, branch };
  }

  it("keeps the person's edit byte for byte, translates the changed unit, removes the unit the source lost, and counts the edit as kept", async () => {
    const { state, branch } = await runOneThenPersonEdits();
    const two = await run(second, state, { greeting: 'Hallo zusammen' }, branch);
    expect(text(two.out)).toBe('{\n  "greeting": "Hallo zusammen",\n  "bye": "Tschüss, Leute!"\n}\n');
    expect(two.work.onBranch).toBe(true);
    expect([...two.work.plan.translate]).toEqual([['greeting', 'changed']]);
    expect(two.work.plan.kept).toBe(1);
    expect(two.work.plan.edited).toEqual(['bye']);
    expect(two.work.plan.teach).toEqual([{ id: 'bye', source: 'Bye', target: 'Tschüss, Leute!' }]);
    expect([...two.work.plan.remove]).toEqual(['old']);

    // A third run over the same branch: the edit is now known, nothing changes, nothing is taught again.
    const three = await run(second, state, {}, two.out);
    expect(text(three.out)).toBe(text(two.out));
    expect(three.work.plan.translate.size).toBe(0);
    expect(three.work.plan.edited).toEqual([]);
    expect(three.work.plan.teach).toEqual([]);
  });

  it('a later source change of the edited unit is translated again (the edit was recorded for the old source)', async () => {
    const { state, branch } = await runOneThenPersonEdits();
    const two = await run(second, state, { greeting: 'Hallo zusammen' }, branch);
    const changed = source('{\n  "greeting": "Hello there",\n  "bye": "Goodbye"\n}\n');
    const three = await run(changed, state, { bye: 'Auf Wiedersehen' }, two.out);
    expect(text(three.out)).toBe('{\n  "greeting": "Hallo zusammen",\n  "bye": "Auf Wiedersehen"\n}\n');
  });

  it('read from the base instead (the gap this closes), the pending machine text would replace the edit', async () => {
    const { state } = await runOneThenPersonEdits();
    const two = await run(second, state, { greeting: 'Hallo zusammen' });
    expect(text(two.out)).toContain('"bye": "Tschüss"');
    expect(text(two.out)).not.toContain('Leute');
  });
});

describe('mergeDelivery over the target of the l10n branch a person committed to (the receiver)', () => {
  const en = (o: object) => new TextEncoder().encode(`${JSON.stringify(o, null, 2)}\n`);
  it("keeps the person's edit of our earlier delivery and writes the newly delivered unit", () => {
    const first = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: PATH,
      baseSource: en({ a: 'One', b: 'Two' }),
      baseTarget: undefined,
      translatedSource: en({ a: 'One', b: 'Two' }),
      delivered: en({ a: 'Eins', b: 'Zwei' }),
      record: undefined,
    });
    const branch = new TextEncoder().encode(text(first.bytes).replace('"Zwei"', '"Zwo (von Hand)"'));
    const delivery = {
      format: jsonFormat,
      lang: 'de',
      path: PATH,
      baseSource: en({ a: 'One, changed', b: 'Two' }),
      baseTarget: branch,
      translatedSource: en({ a: 'One, changed', b: 'Two' }),
      delivered: en({ a: 'Eins, geändert', b: 'Zwei' }),
      record: first.plan.record,
    };
    const merged = mergeDelivery({ ...delivery, onBranch: true });
    expect(text(merged.bytes)).toBe('{\n  "a": "Eins, geändert",\n  "b": "Zwo (von Hand)"\n}\n');
    expect(merged.plan.edited).toEqual(['b']);
    // Without onBranch the branch's text counts as the base's: a first sighting, kept too, but not named as an edit.
    expect(mergeDelivery(delivery).plan.edited).toEqual([]);
  });
});
