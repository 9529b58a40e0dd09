/** PO entries as units: ids, plural forms through the file's Plural-Forms, comments as notes. */
import { FormatError } from '../errors.ts';
import { LineLocator } from '../kit/sequential.ts';
import type { PluralForms, Unit } from '../model.ts';
import type { PluralMapping } from './plural-forms.ts';
import type { PoEntry, PoFile } from './read.ts';

/** `msgctxt\u0004msgid` (gettext's own key form) when there is a context, else the msgid. */
export function entryId(entry: PoEntry): string {
  return entry.msgctxt ? `${entry.msgctxt.value}\u0004${entry.msgid.value}` : entry.msgid.value;
}

/** Source forms of a plural entry: msgid is `one`, msgid_plural is `other`. */
export function sourceForms(entry: PoEntry): PluralForms | undefined {
  if (!entry.msgidPlural) return undefined;
  return { one: entry.msgid.value, other: entry.msgidPlural.value };
}

/** The msgstr[i] as CLDR forms; undefined while every msgstr is empty (untranslated). */
export function targetForms(entry: PoEntry, mapping: PluralMapping): PluralForms | undefined {
  if (!entry.msgidPlural || entry.msgstr.every((f) => f.value === '')) return undefined;
  const forms: PluralForms = { other: '' };
  for (const [category, index] of mapping.indexOf) forms[category] = entry.msgstr[index]?.value ?? '';
  return forms;
}

/** The entries of a read file as units; a repeated msgctxt+msgid is a FormatError. */
/** Ids of the entries, in order; a repeated msgctxt+msgid is a FormatError (msgfmt refuses it too). */
export function entryIds(file: PoFile, fileName: string | undefined): string[] {
  const seen = new Set<string>();
  return file.entries.map((entry) => {
    const id = entryId(entry);
    if (seen.has(id)) {
      const { line, column } = file.positions().at(entry.msgid.start);
      throw new FormatError('duplicate message definition', { file: fileName, line, column });
    }
    seen.add(id);
    return id;
  });
}

export function toUnits(file: PoFile, mapping: PluralMapping, fileName: string | undefined): Unit[] {
  const ids = entryIds(file, fileName);
  const positions = new LineLocator(file.decoded); // entries come in file order
  return file.entries.map((entry, index) => {
    const id = ids[index]!;
    const notes: string[] = [];
    if (entry.translatorComments.length > 0) notes.push(entry.translatorComments.join('\n'));
    if (entry.extractedComments.length > 0) notes.push(entry.extractedComments.join('\n'));
    if (entry.references.length > 0) notes.push(`References: ${entry.references.join(' ')}`);
    if (entry.previous.length > 0) notes.push(`Previous: ${entry.previous.join('\n')}`);
    const msgid = entry.msgid;
    const unit: Unit = {
      id,
      source: entry.msgidPlural?.value ?? msgid.value,
      notes,
      flags: [...entry.flags],
      translatable: true,
      location: positions.location(msgid.firstString + 1, msgid.end - 1),
    };
    if (entry.msgctxt) unit.context = entry.msgctxt.value;
    if (entry.extractedComments.length > 0) unit.description = entry.extractedComments.join('\n');
    if (entry.references.length > 0) unit.references = [...entry.references];
    const plural = sourceForms(entry);
    if (plural) {
      unit.sourcePlural = plural;
      const target = targetForms(entry, mapping);
      if (target) unit.targetPlural = target;
    } else if (entry.msgstr[0]!.value !== '') {
      unit.target = entry.msgstr[0]!.value;
    }
    return unit;
  });
}
