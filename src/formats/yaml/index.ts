/**
 * YAML string files (Rails i18n locale files and plain key/value YAML).
 *
 * - Ids are key paths joined with `.` (sequence items as `[n]`); a Rails root-locale key (`en:` as
 *   the single root key) is not part of the ids, and render RENAMES it to the target language
 *   (`de:`) — but only when at least one translation is written, so a render without changes stays
 *   byte-identical.
 * - Only string scalars are units; numbers, booleans and nulls are configuration, not text.
 * - An anchored scalar is a unit once, at its anchor; aliases and `<<:` merges add no units.
 * - A Rails plural hash (`one:`/`other:` …) is one plural unit; render writes the target language's
 *   CLDR categories, inserting missing keys after the existing ones and removing unused ones.
 * - Comments above a key become notes.
 */

import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import { ALL_SYNTAXES, type PlaceholderSyntax } from '../placeholders/types.ts';
import { yamlEdit } from './edit.ts';
import type { YamlFile } from './read.ts';
import { readYaml } from './read.ts';
import { yamlRenameKeys } from './rename.ts';
import { renderFile } from './render.ts';

/**
 * gettext's name for Ruby's format strings, given to every unit of a Rails file (a root-locale
 * key): Rails' I18n fills `%{name}` and `%<name>s` there and nothing else.
 */
const RUBY_FORMAT: readonly string[] = ['ruby-format'];
const RAILS_PLACEHOLDERS: readonly PlaceholderSyntax[] = ['ruby', 'tags'];

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = readYaml(bytes, options);
  const flags = file.roots.length > 0 ? RUBY_FORMAT : NO_STRINGS;
  return file.entries.map((entry): Unit => {
    if (entry.kind === 'scalar') {
      return {
        id: entry.id,
        source: entry.node.value,
        notes: entry.notes,
        flags,
        translatable: true,
        location: textLocation(file, entry.node.range!, entry.node.type),
      };
    }
    const other = entry.forms.get('other')!;
    const sourcePlural: Unit['sourcePlural'] = { other: other.value };
    for (const [category, node] of entry.forms) sourcePlural[category] = node.value;
    return {
      id: entry.id,
      source: other.value,
      sourcePlural,
      notes: entry.notes,
      flags,
      translatable: true,
      location: textLocation(file, other.range!, other.type),
    };
  });
}

/** The scalar's text as written: inside the quotes for quoted scalars. */
function textLocation(file: YamlFile, range: [number, number, number], type: string | undefined) {
  const quoted = type === 'QUOTE_SINGLE' || type === 'QUOTE_DOUBLE';
  return quoted
    ? file.positions.location(range[0] + 1, range[1] - 1)
    : file.positions.location(range[0], range[1]);
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  return renderFile(original, readYaml(original, options), translations, options);
}

export const yamlFormat: FormatModule = {
  name: 'yaml',
  extensions: ['yml', 'yaml'],
  parse,
  render,
  edit: yamlEdit,
  renameKeys: yamlRenameKeys,
  // Rails' I18n shows "translation missing" for a key the locale lacks unless the app turns on
  // `config.i18n.fallbacks` (https://guides.rubyonrails.org/i18n.html).
  fallsBackToSource: false,
  // Plain YAML (vue-i18n, Symfony) keeps every syntax: its runtime is not known from the file.
  placeholders: (unit) => (unit.flags.includes('ruby-format') ? RAILS_PLACEHOLDERS : ALL_SYNTAXES),
};
