/**
 * Flutter Application Resource Bundle (`arbFormat`, https://github.com/google/app-resource-bundle/wiki/ApplicationResourceBundleSpecification):
 * a flat JSON object of ICU messages with `@key` metadata and `@@` globals.
 *
 * Decisions:
 * - Each top-level string member whose key does not start with `@` is a unit with the key as id;
 *   its value is one ICU message (plurals and selects are not split).
 * - `@key.description` and the `@key.placeholders` (name, type, example, format) become notes,
 *   `@key.context` the context. As in Flutter's gen-l10n, every key without `@` is a message,
 *   whatever its `@key.type` says (`"String"`, `"text"`, anything); only the ARB spec's non-text
 *   types `image` and `css` are left out on purpose, each with its reason (Unit.leftOut).
 * - A repeated key is read as gen-l10n reads it (Dart's `json.decode`: the last copy wins), with a
 *   warning naming the key and its lines: one message, the last value, the last `@key` metadata.
 *   The earlier copies are never read by the app, so they are no units; a target keeps them as
 *   people left them (only the last copy is patched) unless the message is removed, when every
 *   copy goes (an earlier one left behind would come back as the value).
 * - Render patches values as the JSON format does and sets `@@locale` to the target language when
 *   it writes any translation — the only non-translation change, because Flutter's gen-l10n
 *   refuses a file whose `@@locale` contradicts its name. Underscores are used (`pt_BR`) unless
 *   the file spelled its locale with a hyphen. A file without `@@locale` does not get one.
 */

import { FormatError } from '../errors.ts';
import { TextPositions } from '../file-text.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import { readJson, reuseJson, startsWithObject, warnDuplicates } from '../kit/json/read.ts';
import { type JsonDoc, OBJECT, STRING } from '../kit/json/tokens.ts';
import { escaperFor, replaceString } from '../kit/json/write-string.ts';
import { Locator } from '../kit/locator.ts';
import { TextPatch } from '../kit/text-patch.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import { arbEdit, arbRenameKeys } from './edit.ts';
import { leftOutReason, metadataOf } from './metadata.ts';

interface ArbMessage {
  key: string;
  /** Event of the value string. */
  value: number;
  /** Event of the `@key` object, when there is one. */
  meta: number;
}

interface ArbFile {
  messages: ArbMessage[];
  /** Key events of messages whose value is not a string (gen-l10n refuses them). */
  notStrings: number[];
  /** Event of the `@@locale` string, or -1. */
  locale: number;
}

/** The messages of an ARB document (computed once per document, see JsonDoc.derive). */
function arbFile(doc: JsonDoc): ArbFile {
  const messages: ArbMessage[] = [];
  // `@key` usually follows `key` directly; the others are matched by name at the end.
  let elsewhere: Map<string, number> | undefined;
  let last: ArbMessage | undefined;
  let locale = -1;
  const notStrings: number[] = [];
  for (const key of doc.keys(0)) {
    // Of a repeated key (or `@key`) only the last copy is read, as by Dart's json.decode.
    if (doc.shadowed(key)) continue;
    const name = doc.string(key);
    const value = key + 1;
    if (name === '@@locale') {
      if (doc.kind(value) === STRING) locale = value;
    } else if (name.startsWith('@')) {
      if (name.startsWith('@@') || doc.kind(value) !== OBJECT) continue;
      if (last && last.meta < 0 && name.length === last.key.length + 1 && name.endsWith(last.key))
        last.meta = value;
      else {
        elsewhere ??= new Map();
        elsewhere.set(name.slice(1), value);
      }
    } else if (doc.kind(value) === STRING) {
      last = { key: name, value, meta: -1 };
      messages.push(last);
    } else notStrings.push(key);
  }
  if (elsewhere)
    for (const message of messages) if (message.meta < 0) message.meta = elsewhere.get(message.key) ?? -1;
  return { messages, notStrings, locale };
}

/** An ARB file's document and messages; render reuses what a parse of the same bytes read. */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): { doc: JsonDoc } & ArbFile {
  const keep = { ...options, duplicateKeys: 'keep' as const };
  const doc = again ? reuseJson(bytes, keep) : readJson(bytes, keep);
  if (!again && options.onWarning && doc.duplicates.length > 0)
    warnDuplicates(doc, options.onWarning, "Dart's json.decode");
  if (doc.kind(0) !== OBJECT) throw doc.error('an ARB file is a JSON object', doc.start(0), options.fileName);
  const file = doc.derive(arbFile);
  if (!again && options.onWarning && file.notStrings.length > 0) {
    const positions = new TextPositions(doc.decoded);
    for (const key of file.notStrings)
      options.onWarning(
        positions.warning(
          `the value of ${JSON.stringify(doc.string(key))} is not a string: Flutter's gen-l10n refuses it, so it is no message`,
          doc.start(key),
        ),
      );
  }
  return { doc, ...file };
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const { doc, messages } = read(bytes, options, false);
  const locator = new Locator(doc.decoded);
  return messages.map(({ key: id, value, meta }) => {
    const unit: Unit = {
      id,
      source: doc.string(value),
      notes: NO_STRINGS,
      flags: NO_STRINGS,
      translatable: true,
      location: locator.location(doc.start(value) + 1, doc.end(value) - 1),
    };
    if (meta >= 0) {
      const metadata = metadataOf(doc, meta);
      unit.notes = metadata.notes;
      if (metadata.leftOut) {
        unit.translatable = false;
        unit.leftOut = metadata.leftOut;
      }
      if (metadata.context !== undefined) unit.context = metadata.context;
      if (metadata.description !== undefined) unit.description = metadata.description;
      if (metadata.placeholders !== undefined) unit.placeholders = metadata.placeholders;
    }
    return unit;
  });
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const { doc, messages, locale } = read(original, options, true);
  if (translations.size === 0) return original;
  const escapeValue = escaperFor(doc);
  const lookup = new InFileOrder(translations);
  const patch = new TextPatch();
  for (const { key, value, meta } of messages) {
    const translation = lookup.get(key);
    if (translation === undefined) continue;
    if (typeof translation !== 'string') {
      const where = { file: options.fileName };
      throw new FormatError(
        `translation of ${JSON.stringify(key)} has plural forms; ARB plurals are ICU messages`,
        where,
      );
    }
    if (doc.stringEquals(value, translation)) continue;
    if (meta >= 0 && leftOutReason(doc, meta)) continue;
    patch.replace(doc.start(value) + 1, doc.end(value) - 1, escapeValue(translation));
  }
  if (patch.empty) return original;
  if (locale >= 0) {
    const current = doc.string(locale);
    const wanted = arbLocale(options.targetLang, current.includes('-'));
    if (wanted !== current) patch.edits.push(replaceString(doc, locale, escapeValue(wanted)));
  }
  return patch.encode(original, doc.decoded);
}

/** A BCP 47 tag as ARB files spell locales: `pt_BR`, or `pt-BR` when the file uses hyphens. */
export function arbLocale(tag: string, hyphen: boolean): string {
  return hyphen ? tag : tag.replaceAll('-', '_');
}

/** An object whose text mentions `@@locale` or an `@key` near the top. */
function sniff(bytes: Uint8Array): boolean {
  if (!startsWithObject(bytes)) return false;
  return /"@@?[A-Za-z_]/.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'));
}

export const arbFormat: FormatModule = {
  name: 'arb',
  extensions: ['arb'],
  messages: 'icu',
  sniff,
  parse,
  render,
  edit: arbEdit(render),
  renameKeys: arbRenameKeys,
};
