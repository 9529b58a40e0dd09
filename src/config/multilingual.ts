import { extensionOf, FORMATS, formatByName } from '../formats/registry.ts';

/**
 * Whether a `files:` entry names files that hold every language themselves (`.xcstrings`): its
 * pinned format does, or every format claiming the source pattern's extension does. Such an
 * entry's translation is the source file itself, and each target is written into it.
 */
export function isMultilingual(entry: { source: string; format?: string | undefined }): boolean {
  if (entry.format !== undefined) return formatByName(entry.format)?.holds === 'all';
  const ext = extensionOf(entry.source);
  const claiming = FORMATS.filter((f) => f.extensions.includes(ext));
  return claiming.length > 0 && claiming.every((f) => f.holds === 'all');
}
