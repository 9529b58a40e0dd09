/**
 * What an ARB `@key` object tells translators: description, placeholders, context, type.
 */
import { type JsonDoc, OBJECT, STRING } from '../json/tokens.ts';

export interface ArbMetadata {
  notes: string[];
  context?: string;
  translatable: boolean;
}

/** Resources of a type other than `text` (`image`, `css`) are not for translators. */
export function isTranslatable(doc: JsonDoc, meta: number): boolean {
  const type = doc.member(meta, 'type');
  return type < 0 || doc.kind(type) !== STRING || doc.stringEquals(type, 'text');
}

/** Notes and flags from the metadata object at event `meta`. */
export function metadataOf(doc: JsonDoc, meta: number): ArbMetadata {
  const out: ArbMetadata = { notes: [], translatable: true };
  const text = (e: number) => (e >= 0 && doc.kind(e) === STRING ? doc.string(e) : undefined);
  const description = text(doc.member(meta, 'description'));
  if (description) out.notes.push(description);
  const context = text(doc.member(meta, 'context'));
  if (context) out.context = context;
  out.translatable = isTranslatable(doc, meta);
  const placeholders = doc.member(meta, 'placeholders');
  if (placeholders >= 0 && doc.kind(placeholders) === OBJECT) {
    const lines: string[] = [];
    for (const key of doc.keys(placeholders)) {
      const spec = key + 1;
      const details: string[] = [];
      if (doc.kind(spec) === OBJECT) {
        const placeholderType = text(doc.member(spec, 'type'));
        const format = text(doc.member(spec, 'format'));
        const example = text(doc.member(spec, 'example'));
        const description = text(doc.member(spec, 'description'));
        if (placeholderType) details.push(placeholderType);
        if (format) details.push(`format ${format}`);
        if (example !== undefined) details.push(`e.g. ${example}`);
        if (description) details.push(description);
      }
      lines.push(`{${doc.string(key)}}${details.length > 0 ? `: ${details.join(', ')}` : ''}`);
    }
    if (lines.length > 0) out.notes.push(`Placeholders: ${lines.join('; ')}`);
  }
  return out;
}
