/**
 * Placeholders in translatable text — printf, Android/Apple positional, ICU MessageFormat,
 * i18next and HTML/XML tags: detection and protection for machine translation. What a translation
 * must keep of them is QA's one rule set (src/qa/placeholders.ts).
 */
export { findPlaceholders } from './placeholders/detect.ts';
export { parseMessageFormat } from './placeholders/java.ts';
export type { Protected, Restored } from './placeholders/protect.ts';
export { protect, restore } from './placeholders/protect.ts';
export type {
  Placeholder,
  PlaceholderKind,
  PlaceholderOptions,
  PlaceholderSyntax,
} from './placeholders/types.ts';
export { ALL_SYNTAXES } from './placeholders/types.ts';
