import { placeholdersOf } from '../formats/model.ts';
import { checkPlaceholders } from '../formats/placeholders.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';

/** A translated string whose placeholders do not match its source's. */
export interface PlaceholderWarning {
  /** The translated file's repository path. */
  path: string;
  /** The string's key or id in the file. */
  id: string;
  message: string;
}

/**
 * Placeholder QA of one translated file against its source (checkPlaceholders per string, matched
 * by id; plural forms against the source's form of the same category, else its `other`). A file that does not parse gives no warnings:
 * the formats library already refused to produce one, so this only reads what it wrote.
 */
export function placeholderWarnings(
  source: { path: string; bytes: Uint8Array },
  translated: { path: string; bytes: Uint8Array },
  format?: string,
): PlaceholderWarning[] {
  const module = format ? formatByName(format) : detectFormat(source.path, source.bytes);
  if (!module) return [];
  let sourceUnits: ReturnType<typeof module.parse>;
  let targetUnits: ReturnType<typeof module.parse>;
  try {
    sourceUnits = module.parse(source.bytes, { fileName: source.path });
    targetUnits = module.parse(translated.bytes, { fileName: translated.path });
  } catch {
    return [];
  }
  const targets = new Map(targetUnits.map((u) => [u.id, u]));
  const warnings: PlaceholderWarning[] = [];
  for (const unit of sourceUnits) {
    if (!unit.translatable) continue;
    const t = targets.get(unit.id);
    if (!t) continue;
    const forms = t.targetPlural ?? t.sourcePlural;
    const pairs: [string, string | undefined][] = forms
      ? Object.entries(forms).map(([category, text]) => [
          (unit.sourcePlural as Record<string, string> | undefined)?.[category] ??
            unit.sourcePlural?.other ??
            unit.source,
          text,
        ])
      : [[unit.source, t.target ?? t.source]];
    // The syntaxes the format fills, as qa and MT protection read them (a Rails URL's %C3 is text).
    const syntaxes = placeholdersOf(module, unit);
    for (const [sourceText, text] of pairs) {
      // An empty form is untranslated, not a placeholder problem (qa: a notice or an error of its own).
      if (text === undefined || text.trim() === '' || text === sourceText) continue;
      for (const issue of checkPlaceholders(sourceText, text, { syntaxes }))
        warnings.push({ path: translated.path, id: unit.id, message: issue.message });
    }
  }
  return warnings;
}
