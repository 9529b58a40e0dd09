/**
 * HTML built from templates whose interpolations are escaped unless they are already `Html`.
 * Every workbench page goes through `html`, so text from files, users or the database can never
 * become markup: a source segment holding `<script>` renders as the characters `<script>`.
 */

const brand: unique symbol = Symbol('Html');

/** Markup that is safe to insert as is: produced by `html` (or a trusted constant via `trusted`). */
export interface Html {
  readonly [brand]: true;
  readonly text: string;
}

/** What may be interpolated: text (escaped), numbers, markup, lists of those; null/false/undefined render nothing. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The one escape function: text becomes safe both as element content and inside a quoted
 * attribute value (OWASP XSS prevention, rules 1 and 2).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && brand in value;
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (isHtml(value)) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested `html` values stay markup. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return { [brand]: true, text: out };
}

/** A constant of the workbench's own (its stylesheet, its script) taken as markup without escaping. */
export function trusted(constant: string): Html {
  return { [brand]: true, text: constant };
}
