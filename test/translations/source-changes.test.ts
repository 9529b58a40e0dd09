/**
 * Issue 36, items 2–4, unit by unit: a small source edit keeps its translation (listed, to check
 * by default), a changed placeholder or a changed word never counts as small, older records
 * without the normalized hash translate as before; a source text that comes back gets its
 * translation back byte for byte; `removed_keys` keeps removed keys in the target when asked.
 */
import { describe, expect, it } from 'vitest';
import { GONE_LIMIT, textHash } from '../../src/contracts/sync-state.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import { holdRemovals } from '../../src/translations/removals.ts';
import { editHash, normalizedSource } from '../../src/translations/source-edits.ts';
import { deliver, planTarget } from '../../src/translations/target-plan.ts';
import { mergeDelivery } from '../../src/translations/write-target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const units = (json: object) => jsonFormat.parse(bytes(JSON.stringify(json, null, 2)));
const map = (o: Record<string, string>) => new Map(Object.entries(o));

describe('normalizedSource and editHash', () => {
  it('fold spacing, case, end punctuation and typographic quotes', () => {
    expect(normalizedSource('  Don’t  save\tthe “draft”!  ')).toBe('don\'t save the "draft');
    expect(editHash('Log in…')).toBe(editHash('log in'));
    expect(editHash('It’s  ready.')).toBe(editHash("It's ready"));
  });

  it('never take a changed word, a changed placeholder or a text without letters for small', () => {
    expect(editHash('Log in')).not.toBe(editHash('Login'));
    expect(editHash('Hello {name}')).not.toBe(editHash('Hello {Name}'));
    expect(editHash('%d files.')).not.toBe(editHash('%s files'));
    expect(editHash('Hello <b>you</b>')).not.toBe(editHash('Hello <B>you</B>'));
    expect(editHash('!')).toBeUndefined();
  });
});

describe('small source edits', () => {
  const first = planTarget(
    units({ a: 'Save the draft', b: 'Open' }),
    map({ a: 'Entwurf speichern', b: 'Öffnen' }),
    undefined,
  );

  it('keep the translation, record it for the new text, teach it and list it to check (default review)', () => {
    const plan = planTarget(
      units({ a: 'Save the  Draft.', b: 'Open' }),
      map({ a: 'Entwurf speichern', b: 'Öffnen' }),
      first.record,
    );
    expect(plan.translate.size).toBe(0);
    expect(plan.smallEdits).toEqual([{ id: 'a', check: true }]);
    expect(plan.kept).toBe(2);
    // Taught marked for a check: a job's import leaves it open for review (issue 36).
    expect(plan.teach).toEqual([
      { id: 'a', source: 'Save the  Draft.', target: 'Entwurf speichern', check: true },
    ]);
    expect(plan.record.units.a!.s).toBe(textHash('Save the  Draft.'));
    expect(plan.record.units.a!.k).toBe(true);
    const next = planTarget(
      units({ a: 'Save the  Draft.', b: 'Open' }),
      map({ a: 'Entwurf speichern', b: 'Öffnen' }),
      plan.record,
    );
    expect(next.smallEdits).toEqual([]);
    expect(next.kept).toBe(2);
  });

  it('with keep, are kept without the check; with translate, are translated as before', () => {
    const source = units({ a: 'save the draft!', b: 'Open' });
    const target = map({ a: 'Entwurf speichern', b: 'Öffnen' });
    expect(planTarget(source, target, first.record, { smallEdits: 'keep' }).smallEdits).toEqual([
      { id: 'a', check: false },
    ]);
    const translate = planTarget(source, target, first.record, { smallEdits: 'translate' });
    expect([...translate.translate]).toEqual([['a', 'changed']]);
  });

  it('translate a changed word, and anything recorded by an older state file (no normalized hash)', () => {
    const word = planTarget(
      units({ a: 'Save the message', b: 'Open' }),
      map({ a: 'Entwurf speichern', b: 'Öffnen' }),
      first.record,
    );
    expect([...word.translate]).toEqual([['a', 'changed']]);
    const old = { units: { a: { s: textHash('Save the draft'), t: textHash('Entwurf speichern') } } };
    const plan = planTarget(units({ a: 'Save the draft.' }), map({ a: 'Entwurf speichern' }), old);
    expect([...plan.translate]).toEqual([['a', 'changed']]);
    // An older record of a current text gains the normalized hash.
    const current = planTarget(units({ a: 'Save the draft' }), map({ a: 'Entwurf speichern' }), old);
    expect(current.record.units.a!.n).toBe(editHash('Save the draft'));
  });

  it('write a pending delivery again for a small edit of the text it translates', () => {
    const plan = planTarget(units({ a: 'New' }), map({}), undefined);
    deliver(plan.record, 'a', 'New', 'Neu');
    const next = planTarget(units({ a: 'new.' }), map({}), plan.record);
    expect([...next.reapply]).toEqual([['a', 'Neu']]);
    expect(next.record.pending?.a?.s).toBe(textHash('new.'));
    expect(next.smallEdits).toEqual([{ id: 'a', check: true }]);
  });
});

describe('source texts that come back', () => {
  it('get back the translation they had before an edit, byte for byte, and send nothing', () => {
    const first = planTarget(units({ a: 'Save' }), map({ a: 'Sichern  (von Hand)' }), undefined);
    const edited = planTarget(units({ a: 'Store on disk' }), map({ a: 'Sichern  (von Hand)' }), first.record);
    expect([...edited.translate]).toEqual([['a', 'changed']]);
    deliver(edited.record, 'a', 'Store on disk', 'Auf Platte speichern');
    const merged = planTarget(
      units({ a: 'Store on disk' }),
      map({ a: 'Auf Platte speichern' }),
      edited.record,
    );
    const reverted = planTarget(units({ a: 'Save' }), map({ a: 'Auf Platte speichern' }), merged.record);
    expect(reverted.translate.size).toBe(0);
    expect([...reverted.reapply]).toEqual([['a', 'Sichern  (von Hand)']]);
    expect(reverted.restored).toEqual(['a']);
    expect(reverted.teach).toEqual([{ id: 'a', source: 'Save', target: 'Sichern  (von Hand)' }]);
  });

  it('get back the translation of a removed key added again', () => {
    const first = planTarget(units({ a: 'One', b: 'Two' }), map({ a: 'Eins', b: 'Zwei!' }), undefined);
    const removed = planTarget(units({ a: 'One' }), map({ a: 'Eins', b: 'Zwei!' }), first.record);
    expect([...removed.remove]).toEqual(['b']);
    const back = planTarget(units({ a: 'One', b: 'Two' }), map({ a: 'Eins' }), removed.record);
    expect([...back.reapply]).toEqual([['b', 'Zwei!']]);
    expect(back.restored).toEqual(['b']);
    expect(back.record.gone).toEqual({ [`${textHash('Two')}:b`]: 'Zwei!' });
    // Under another text, the key is new.
    const other = planTarget(units({ a: 'One', b: 'Three' }), map({ a: 'Eins' }), removed.record);
    expect([...other.translate]).toEqual([['b', 'new']]);
  });

  it(`remember at most ${GONE_LIMIT} translations per target, the newest`, () => {
    const many = Object.fromEntries(Array.from({ length: GONE_LIMIT + 5 }, (_, i) => [`k${i}`, `Text ${i}`]));
    const first = planTarget(units(many), map(many), undefined);
    const none = planTarget(units({}), map(many), first.record);
    const gone = Object.keys(none.record.gone ?? {});
    expect(gone).toHaveLength(GONE_LIMIT);
    expect(gone.at(-1)).toBe(`${textHash(`Text ${GONE_LIMIT + 4}`)}:k${GONE_LIMIT + 4}`);
  });
});

describe('removed keys', () => {
  const first = planTarget(units({ a: 'One', b: 'Two' }), map({ a: 'Eins', b: 'Zwei' }), undefined);
  it('stay in the target with report, listed; a renamed key still leaves', () => {
    const plan = planTarget(units({ a: 'One' }), map({ a: 'Eins', b: 'Zwei' }), first.record);
    const target = { lang: 'de', path: 'de.json', plan };
    holdRemovals([target], 'report');
    expect(plan.remove.size).toBe(0);
    expect(plan.held).toEqual([{ id: 'b', untilMerged: false }]);
    // Known while the target holds it: the next run lists it again, and finds it current if it comes back.
    const again = planTarget(units({ a: 'One', b: 'Two' }), map({ a: 'Eins', b: 'Zwei' }), plan.record);
    expect(again.kept).toBe(2);
    expect(again.teach).toEqual([]);
    // Listed again while the target holds it, with the record as it was: no new state file.
    const still = planTarget(units({ a: 'One' }), map({ a: 'Eins', b: 'Zwei' }), plan.record);
    holdRemovals([{ lang: 'de', path: 'de.json', plan: still }], 'report');
    expect(still.held).toEqual([{ id: 'b', untilMerged: false }]);
    expect(JSON.stringify(still.record)).toBe(JSON.stringify(plan.record));
  });

  it('stay in the receiver’s merge too, per the setting', () => {
    const en = (o: object) => bytes(`${JSON.stringify(o, null, 2)}\n`);
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource: en({ a: 'One' }),
      baseTarget: en({ a: 'Eins', b: 'Zwei' }),
      translatedSource: en({ a: 'One' }),
      delivered: en({ a: 'Eins' }),
      record: first.record,
      removals: 'until-merged',
    });
    expect(merged.bytes).toBeUndefined();
    expect(merged.plan.held).toEqual([{ id: 'b', untilMerged: true }]);
  });
});

describe('the receiver’s merge', () => {
  it('keeps a translation whose source had a small edit over the delivered one', () => {
    const en = (o: object) => bytes(`${JSON.stringify(o, null, 2)}\n`);
    const first = planTarget(units({ a: 'Save draft' }), map({ a: 'Entwurf sichern' }), undefined);
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource: en({ a: 'Save Draft.' }),
      baseTarget: en({ a: 'Entwurf sichern' }),
      translatedSource: en({ a: 'Save Draft.' }),
      delivered: en({ a: 'Entwurf speichern.' }),
      record: first.record,
    });
    expect(merged.bytes).toBeUndefined();
    expect(merged.written).toEqual([]);
    expect(merged.plan.smallEdits).toEqual([{ id: 'a', check: true }]);
  });
});

describe('the receiver’s merge of a reverted text', () => {
  it('writes the remembered translation, not the delivered one', () => {
    const en = (o: object) => bytes(`${JSON.stringify(o, null, 2)}\n`);
    const first = planTarget(units({ a: 'Save' }), map({ a: 'Sichern' }), undefined);
    const edited = planTarget(units({ a: 'Store on disk' }), map({ a: 'Sichern' }), first.record);
    deliver(edited.record, 'a', 'Store on disk', 'Auf Platte speichern');
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource: en({ a: 'Save' }),
      baseTarget: en({ a: 'Auf Platte speichern' }),
      translatedSource: en({ a: 'Save' }),
      delivered: en({ a: 'Speichern (Maschine)' }),
      record: edited.record,
    });
    expect(new TextDecoder().decode(merged.bytes)).toBe('{\n  "a": "Sichern"\n}\n');
    expect(merged.plan.restored).toEqual(['a']);
  });
});

describe('the pull request body', () => {
  it('lists small edits kept without a check, and keys kept until the change is merged', () => {
    const body = pullRequestBody({
      via: 'instant translation',
      sourceLang: 'en',
      files: [],
      failures: [],
      warnings: [],
      units: [
        {
          target: 'de',
          translated: 0,
          kept: 3,
          removed: [],
          edited: [],
          smallEdits: [{ path: 'de.json', id: 'a', check: false, source: 'en.json' }],
          held: [
            { path: 'de.json', id: 'old', untilMerged: true },
            { path: 'de.json', id: 'older', untilMerged: true },
          ],
        },
      ],
      at: new Date('2026-11-29T12:00:00Z'),
    });
    expect(body).toContain(
      [
        '**Kept after a small source edit** (only spacing, case, punctuation at the ends or quotes changed; nothing sent)',
        '',
        '- `en.json` `a` (de)',
        '',
        '**de: removed from the source, kept in the target** (2 translations; until the change is on the default branch)',
        '',
        '- `de.json` `old`',
        '- `de.json` `older`',
        '',
      ].join('\n'),
    );
    expect(body).not.toContain('— check');
  });
});

describe('the receiver’s merge of a translation kept for a check (job mode)', () => {
  const en = (o: object) => bytes(`${JSON.stringify(o, null, 2)}\n`);
  /** The record of the run that uploaded the job: the typo fix kept 'Entwurf sichern', to check. */
  const uploaded = () => {
    const first = planTarget(
      units({ a: 'Save draft', b: 'Open' }),
      map({ a: 'Entwurf sichern', b: 'Öffnen' }),
      undefined,
    );
    const run = planTarget(
      units({ a: 'Save Draft.', b: 'Open' }),
      map({ a: 'Entwurf sichern', b: 'Öffnen' }),
      first.record,
    );
    expect(run.record.units.a?.k).toBe(true);
    expect(run.teach).toEqual([{ id: 'a', source: 'Save Draft.', target: 'Entwurf sichern', check: true }]);
    return run.record;
  };
  const merge = (delivered: object, options: { target?: object; machine?: boolean } = {}) =>
    mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource: en({ a: 'Save Draft.', b: 'Open' }),
      baseTarget: en(options.target ?? { a: 'Entwurf sichern', b: 'Öffnen' }),
      translatedSource: en({ a: 'Save Draft.', b: 'Open' }),
      delivered: en(delivered),
      record: uploaded(),
      ...(options.machine ? { machine: true } : {}),
    });

  it('writes the reviewer’s correction, and only that unit', () => {
    const merged = merge({ a: 'Entwurf speichern', b: 'Aufmachen' });
    expect(new TextDecoder().decode(merged.bytes)).toBe(
      '{\n  "a": "Entwurf speichern",\n  "b": "Öffnen"\n}\n',
    );
    expect(merged.written).toEqual(['a']);
    expect(merged.plan.record.units.a?.k).toBeUndefined();
  });

  it('writes nothing when the reviewer left it as it was, and the check is done', () => {
    const merged = merge({ a: 'Entwurf sichern', b: 'Öffnen' });
    expect(merged.bytes).toBeUndefined();
    expect(merged.plan.record.units.a?.k).toBeUndefined();
  });

  it('keeps a person’s edit in the repository since the upload, and ignores machine output', () => {
    const edited = merge(
      { a: 'Entwurf speichern', b: 'Öffnen' },
      { target: { a: 'Als Entwurf sichern', b: 'Öffnen' } },
    );
    expect(edited.bytes).toBeUndefined();
    const machine = merge({ a: 'Entwurf speichern', b: 'Öffnen' }, { machine: true });
    expect(machine.bytes).toBeUndefined();
    expect(machine.plan.record.units.a?.k).toBe(true);
  });
});
