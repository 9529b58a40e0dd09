import { describe, expect, it } from 'vitest';
import { textHash } from '../../src/contracts/sync-state.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { editHash } from '../../src/translations/source-edits.ts';
import { deliver, planTarget } from '../../src/translations/target-plan.ts';
import { mergeDelivery } from '../../src/translations/write-target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const units = (json: object) => jsonFormat.parse(bytes(JSON.stringify(json, null, 2)));
const map = (o: Record<string, string>) => new Map(Object.entries(o));

describe('planTarget', () => {
  it('on the first run keeps and teaches every existing translation, translates what the target lacks, removes what the source lost', () => {
    const plan = planTarget(units({ a: 'One', b: 'Two' }), map({ a: 'Eins', gone: 'Weg' }), undefined);
    expect([...plan.translate]).toEqual([['b', 'new']]);
    expect(plan.kept).toBe(1);
    expect(plan.teach).toEqual([{ id: 'a', source: 'One', target: 'Eins' }]);
    expect([...plan.remove]).toEqual(['gone']);
    expect(plan.record.units).toEqual({ a: { s: textHash('One'), t: textHash('Eins'), n: editHash('One') } });
  });

  it('translates a unit again when its source changed since its translation was recorded', () => {
    const first = planTarget(units({ a: 'One' }), map({ a: 'Eins' }), undefined);
    const plan = planTarget(units({ a: 'One more' }), map({ a: 'Eins' }), first.record);
    expect([...plan.translate]).toEqual([['a', 'changed']]);
    expect(plan.teach).toEqual([]);
  });

  it('keeps a translation a person changed, lists it as edited and teaches it, even when the source changed too', () => {
    const first = planTarget(units({ a: 'One' }), map({ a: 'Eins' }), undefined);
    const edited = planTarget(units({ a: 'One' }), map({ a: 'Ein' }), first.record);
    expect(edited.edited).toEqual(['a']);
    expect(edited.translate.size).toBe(0);
    expect(edited.teach).toEqual([{ id: 'a', source: 'One', target: 'Ein' }]);
    const both = planTarget(units({ a: 'Uno' }), map({ a: 'Ein' }), first.record);
    expect(both.translate.size).toBe(0);
    expect(both.edited).toEqual(['a']);
  });

  it('writes a pending delivery again instead of translating it twice, and takes it as merged once the base shows it', () => {
    const first = planTarget(units({ a: 'One' }), map({}), undefined);
    deliver(first.record, 'a', 'One', 'Eins');
    const open = planTarget(units({ a: 'One' }), map({}), first.record);
    expect([...open.reapply]).toEqual([['a', 'Eins']]);
    expect(open.translate.size).toBe(0);
    const merged = planTarget(units({ a: 'One' }), map({ a: 'Eins' }), open.record);
    expect(merged.edited).toEqual([]);
    expect(merged.teach).toEqual([]);
    expect(merged.kept).toBe(1);
    expect(merged.record.pending).toBeUndefined();
  });

  it('does not take a delivery the base has not merged yet for a person’s edit', () => {
    const first = planTarget(units({ a: 'One' }), map({ a: 'Eins' }), undefined);
    const changed = planTarget(units({ a: 'One more' }), map({ a: 'Eins' }), first.record);
    deliver(changed.record, 'a', 'One more', 'Eins mehr');
    const next = planTarget(units({ a: 'One more' }), map({ a: 'Eins' }), changed.record);
    expect(next.edited).toEqual([]);
    expect([...next.reapply]).toEqual([['a', 'Eins mehr']]);
  });

  it('with fresh, ignores the record: every existing translation is current and taught again', () => {
    const first = planTarget(units({ a: 'One' }), map({ a: 'Eins' }), undefined);
    const plan = planTarget(units({ a: 'One!' }), map({ a: 'Eins' }), first.record, { fresh: true });
    expect(plan.translate.size).toBe(0);
    expect(plan.teach).toHaveLength(1);
  });
});

describe('mergeDelivery', () => {
  const en = (o: object) => bytes(`${JSON.stringify(o, null, 2)}\n`);
  it('writes a delivered unit only where the base still has the source that was translated', () => {
    const translated = en({ a: 'One', b: 'Two', c: 'Three' });
    const delivered = en({ a: 'Eins', b: 'Zwei', c: 'Drei' });
    const baseSource = en({ a: 'One', b: 'Two, changed', c: 'Three' });
    const baseTarget = bytes('{\n  "c": "Drei (von Hand)"\n}\n');
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource,
      baseTarget,
      translatedSource: translated,
      delivered,
      record: undefined,
    });
    expect(merged.written).toEqual(['a']);
    expect(merged.stale).toEqual(['b']);
    const out = targetTranslations(jsonFormat, merged.bytes!, 'de');
    expect(out.get('a')).toBe('Eins');
    expect(out.get('c')).toBe('Drei (von Hand)');
    // b is not translated: absent, or (where the format rebuilds from the source) its source text
    // recorded as a copy, so the next run translates it.
    if (out.has('b')) expect(merged.plan.record.copied).toEqual({ b: textHash('Two, changed') });
  });

  it('a key renamed since the last run keeps the text people wrote under its old name, over the delivery', () => {
    const first = planTarget(
      units({ title: 'Settings', save: 'Save' }),
      map({ title: 'Einstellungen', save: 'Sichern' }),
      undefined,
    );
    const baseSource = en({ pageTitle: 'Settings', save: 'Save' });
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource,
      baseTarget: bytes('{\n  "title": "Einstellungen",\n  "save": "Sichern"\n}\n'),
      translatedSource: baseSource,
      delivered: en({ pageTitle: 'Einstellungen (Job)', save: 'Sichern' }),
      record: first.record,
    });
    expect(merged.plan.renamed).toEqual([{ from: 'title', fromPath: 'de.json', to: 'pageTitle' }]);
    const out = targetTranslations(jsonFormat, merged.bytes!, 'de');
    expect(out.get('pageTitle')).toBe('Einstellungen');
    expect(out.has('title')).toBe(false);
    expect(merged.written).toEqual([]);
  });

  it('changes nothing when the base already holds every translation it needs', () => {
    const source = en({ a: 'One' });
    const merged = mergeDelivery({
      format: jsonFormat,
      lang: 'de',
      path: 'de.json',
      baseSource: source,
      baseTarget: bytes('{"a": "Eins, von Hand"}'),
      translatedSource: source,
      delivered: en({ a: 'Eins' }),
      record: undefined,
    });
    expect(merged.bytes).toBeUndefined();
  });
});
