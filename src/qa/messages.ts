/**
 * The message syntax of a unit's translation, where its source is a message: an ICU message
 * (icu.ts) or a java.text.MessageFormat pattern. Read once per unit: the syntax rules report it,
 * and the placeholder rules stand down when a translation does not parse (its placeholders are
 * not reliable, and the syntax error says it all).
 */
import { parseMessageFormat } from '../formats/placeholders.ts';
import { icuIssues, isIcuMessage } from './icu.ts';
import type { UnitIssue } from './types.ts';
import type { CheckedUnit } from './unit.ts';

export interface MessageAnalysis {
  /** ICU syntax errors and the plural categories of ICU plural arguments. */
  icu: UnitIssue[];
  /** java.text.MessageFormat syntax errors. */
  java: UnitIssue[];
  /** The translation does not parse as the message its source is. */
  broken: boolean;
}

/**
 * A translation of a java.text.MessageFormat pattern must be one: `MessageFormat.format` throws
 * IllegalArgumentException on it otherwise. A source that is not a pattern with arguments (no
 * `{0}`, or `{method}`, which MessageFormat rejects) is text the application does not format.
 */
function messageFormatIssues(source: string, target: string): UnitIssue[] {
  const pattern = parseMessageFormat(source);
  if (pattern.error || pattern.arguments.length === 0) return [];
  const error = parseMessageFormat(target).error;
  if (!error) return [];
  const message = `translation is not a valid java.text.MessageFormat pattern: ${error}`;
  return [{ rule: 'messageformat-syntax', severity: 'error', message }];
}

/** Where the format has no ICU messages (Rails: `{name}` is text), no text is read as one. */
export function messageAnalysis(unit: CheckedUnit): MessageAnalysis {
  const { pairs, syntaxes } = unit;
  const lang = unit.context.lang;
  const icu = syntaxes.includes('icu')
    ? pairs.flatMap(([s, t]) => (isIcuMessage(unit.format.messages, s) ? icuIssues(t, lang) : []))
    : [];
  const java = syntaxes.includes('java') ? pairs.flatMap(([s, t]) => messageFormatIssues(s, t)) : [];
  const broken = [...icu, ...java].some((i) => i.rule === 'icu-syntax' || i.rule === 'messageformat-syntax');
  return { icu, java, broken };
}
