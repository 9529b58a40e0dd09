import { androidFormat } from './android/index.ts';
import { csvFormat } from './csv/index.ts';
import { jsonFormat } from './json/index.ts';
import type { FormatModule } from './model.ts';
import { poFormat } from './po/index.ts';
import { stringsFormat } from './strings/index.ts';
import { xliff12Format } from './xliff12/index.ts';
import { yamlFormat } from './yaml/index.ts';

/** Every string-file format, in the order they are tried when sniffing content. */
export const FORMATS: readonly FormatModule[] = [
  xliff12Format,
  androidFormat,
  poFormat,
  stringsFormat,
  jsonFormat,
  yamlFormat,
  csvFormat,
];

const byName = new Map(FORMATS.map((f) => [f.name, f]));

export function formatByName(name: string): FormatModule | undefined {
  return byName.get(name);
}

/** The lowercased extension of a file name (`strings` for `Localizable.strings`, '' for none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(fileName.replace(/\\/g, '/').lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The format of a file: among the formats claiming its extension, the first whose sniff accepts
 * the content (or the only one); without a claiming extension, the first that sniffs the content.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): FormatModule | undefined {
  const ext = extensionOf(fileName);
  const claiming = FORMATS.filter((f) => f.extensions.includes(ext));
  if (claiming.length === 1 && !claiming[0]!.sniff) return claiming[0];
  const sniffed = claiming.find((f) => f.sniff?.(bytes) ?? false);
  if (sniffed) return sniffed;
  if (claiming.length > 0) return claiming.find((f) => !f.sniff) ?? claiming[0];
  return FORMATS.find((f) => f.sniff?.(bytes) ?? false);
}

/** The extensions any format claims, for error messages. */
export function supportedExtensions(): string[] {
  return [...new Set(FORMATS.flatMap((f) => f.extensions))].sort();
}
