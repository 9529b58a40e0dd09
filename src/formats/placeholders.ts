/**
 * Placeholders in translatable text — printf, Android/Apple positional, ICU MessageFormat,
 * i18next and HTML/XML tags: detection, protection for machine translation, and QA checks.
 */
export type { PlaceholderIssue, PlaceholderKeyOptions } from './placeholders/check.ts';
export { checkPlaceholders, placeholderKey, unmatchedPlaceholders } from './placeholders/check.ts';
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
