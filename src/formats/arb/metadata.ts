/**
 * What an ARB `@key` object tells translators: description, placeholders, context, type.
 */
import { type JsonDoc, OBJECT, STRING } from '../kit/json/tokens.ts';
import type { PlaceholderInfo } from '../model.ts';

export interface ArbMetadata {
  notes: string[];
  description?: string;
  placeholders?: Record<string, PlaceholderInfo>;
  context?: string;
  /** Why the resource is left out (its type is `image` or `css`); undefined for messages. */
  leftOut?: string;
}

/**
 * The ARB spec's resource types that are not text: the value is an image's or a style sheet's
 * address (https://github.com/google/app-resource-bundle/wiki/ApplicationResourceBundleSpecification,
 * "type"). Any other `type` — `text`, or the `"String"` many Flutter apps write — is a message:
 * Flutter's gen-l10n never reads `type` (every key without `@` is a message).
 */
const NOT_TEXT: ReadonlySet<string> = new Set(['image', 'css']);

/** Why a resource is left out: `ARB type "image"`, or undefined for a message. */
export function leftOutReason(doc: JsonDoc, meta: number): string | undefined {
  const type = doc.member(meta, 'type');
  if (type < 0 || doc.kind(type) !== STRING) return undefined;
  const name = doc.string(type);
  return NOT_TEXT.has(name.toLowerCase()) ? `ARB type "${name}" (not text)` : undefined;
}

/** Notes and flags from the metadata object at event `meta`. */
export function metadataOf(doc: JsonDoc, meta: number): ArbMetadata {
  const out: ArbMetadata = { notes: [] };
  const text = (e: number) => (e >= 0 && doc.kind(e) === STRING ? doc.string(e) : undefined);
  const description = text(doc.member(meta, 'description'));
  if (description) {
    out.notes.push(description);
    out.description = description;
  }
  const context = text(doc.member(meta, 'context'));
  if (context) out.context = context;
  const leftOut = leftOutReason(doc, meta);
  if (leftOut) out.leftOut = leftOut;
  const placeholders = doc.member(meta, 'placeholders');
  if (placeholders >= 0 && doc.kind(placeholders) === OBJECT) {
    const lines: string[] = [];
    const infos: Record<string, PlaceholderInfo> = {};
    for (const key of doc.keys(placeholders)) {
      const spec = key + 1;
      const details: string[] = [];
      const info: PlaceholderInfo = {};
      infos[doc.string(key)] = info;
      if (doc.kind(spec) === OBJECT) {
        const placeholderType = text(doc.member(spec, 'type'));
        const format = text(doc.member(spec, 'format'));
        const example = text(doc.member(spec, 'example'));
        const description = text(doc.member(spec, 'description'));
        if (placeholderType) details.push(placeholderType);
        if (format) details.push(`format ${format}`);
        if (example !== undefined) details.push(`e.g. ${example}`);
        if (description) details.push(description);
        if (placeholderType) info.type = placeholderType;
        if (example !== undefined) info.example = example;
        if (description) info.description = description;
      }
      lines.push(`{${doc.string(key)}}${details.length > 0 ? `: ${details.join(', ')}` : ''}`);
    }
    if (lines.length > 0) {
      out.notes.push(`Placeholders: ${lines.join('; ')}`);
      out.placeholders = infos;
    }
  }
  return out;
}
