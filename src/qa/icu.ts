/**
 * ICU MessageFormat rules: a translation of an ICU message must itself parse, and each of its
 * plural / selectordinal arguments must offer the categories the target language needs.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { categoryIssues, uniform } from './plurals.ts';
import type { UnitIssue } from './types.ts';

function tryParse(text: string): MessageFormatElement[] | Error {
  try {
    // Tags are not ICU syntax in most runtimes (Flutter, vue-i18n): `<b>` is text here.
    return parse(text, { ignoreTag: true, requiresOtherClause: false });
  } catch (error) {
    return error as Error;
  }
}

/**
 * Whether a source text is an ICU message: always where the format says every string is one
 * (FormatModule.messages, ARB); elsewhere when it parses as ICU and holds at least one argument
 * (`{name}`, `{n, plural, …}`), and is not i18next's `{{name}}`.
 */
export function isIcuMessage(messages: 'icu' | undefined, source: string): boolean {
  if (!source.includes('{')) return false;
  const ast = tryParse(source);
  if (ast instanceof Error) return false;
  if (messages === 'icu') return true;
  return !/\{\{/.test(source) && ast.some((el) => el.type !== TYPE.literal && el.type !== TYPE.pound);
}

/** ICU syntax and plural categories of a translation whose source is an ICU message. */
export function icuIssues(target: string, lang: string): UnitIssue[] {
  const ast = tryParse(target);
  if (ast instanceof Error) {
    const reason = ast.message.toLowerCase().replaceAll('_', ' ');
    return [
      { rule: 'icu-syntax', severity: 'error', message: `translation is not a valid ICU message: ${reason}` },
    ];
  }
  const issues: UnitIssue[] = [];
  visit(ast, (el) => {
    if (el.type !== TYPE.plural) return;
    const selectors = Object.keys(el.options);
    const type = el.pluralType === 'ordinal' ? 'ordinal' : 'cardinal';
    // Every form the same text (`=1{1 ч.} few{{hours} ч.} many{{hours} ч.} other{{hours} ч.}`):
    // a missing `one` shows `other`'s, which is that text.
    const texts = Object.entries(el.options)
      .filter(([selector]) => !selector.startsWith('='))
      .map(([, option]) => JSON.stringify(option.value));
    for (const issue of categoryIssues(lang, selectors, type, { uniform: uniform(texts) }))
      issues.push({ ...issue, message: `{${el.value}}: ${issue.message}` });
  });
  return issues;
}

function visit(elements: MessageFormatElement[], fn: (el: MessageFormatElement) => void): void {
  for (const el of elements) {
    fn(el);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) visit(option.value, fn);
    if (el.type === TYPE.tag) visit(el.children, fn);
  }
}
