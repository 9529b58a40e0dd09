import { androidFormat } from './android/index.ts';
import { arbFormat } from './arb/index.ts';
import { csvFormat } from './csv/index.ts';
import { jsonFormat } from './json/index.ts';
import { markdownFormat } from './markdown/index.ts';
import type { FormatModule } from './model.ts';
import { poFormat } from './po/index.ts';
import { propertiesFormat } from './properties/index.ts';
import { stringsFormat } from './strings/index.ts';
import { stringsdictFormat } from './stringsdict/index.ts';
import { textFormat } from './text-lines/index.ts';
import { xcstringsFormat } from './xcstrings/index.ts';
import { xliff2Format } from './xliff2/index.ts';
import { xliff12Format } from './xliff12/index.ts';
import { yamlFormat } from './yaml/index.ts';

/**
 * Every string-file format. Order matters where content is sniffed: more specific formats
 * (XLIFF versions, string catalogs, ARB) come before the general ones they look like (XML, JSON).
 */
export const FORMATS: readonly FormatModule[] = [
  xliff2Format,
  xliff12Format,
  stringsdictFormat,
  androidFormat,
  xcstringsFormat,
  arbFormat,
  poFormat,
  stringsFormat,
  propertiesFormat,
  jsonFormat,
  yamlFormat,
  csvFormat,
  markdownFormat,
  textFormat,
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
 * the content (or one without a sniff); without a claiming extension, the first that sniffs it.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): FormatModule | undefined {
  const ext = extensionOf(fileName);
  const claiming = FORMATS.filter((f) => f.extensions.includes(ext));
  if (claiming.length === 1 && !claiming[0]!.sniff) return claiming[0];
  const sniffed = claiming.find((f) => f.sniff?.(bytes) ?? false);
  if (sniffed) return sniffed;
  if (claiming.length > 0) return claiming.find((f) => !f.sniff) ?? claiming[claiming.length - 1];
  return FORMATS.find((f) => f.sniff?.(bytes) ?? false);
}

/** The extensions any format claims, for error messages. */
export function supportedExtensions(): string[] {
  return [...new Set(FORMATS.flatMap((f) => f.extensions))].sort();
}
