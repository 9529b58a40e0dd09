/**
 * XML references and escaping. Only the five predefined entities and numeric character references
 * are ever expanded: entities declared in a DTD are refused before we get here (see doctype.ts),
 * so no reference can expand into more text than it names (billion laughs) or read a file (XXE).
 */

/** Reports a problem at a string index of the document; never returns. */
export type Fail = (message: string, index: number) => never;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const SPECIAL_IN_TEXT = /[&\r]/;
const SPECIAL_IN_ATTRIBUTE = /[&\r\n\t]/;

/** Characters XML 1.0 allows (§2.2): everything but most C0 controls, lone surrogates and U+FFFE/F. */
export function isXmlChar(code: number): boolean {
  return code >= 0x20
    ? code < 0xd800 || (code >= 0xe000 && code < 0xfffe) || (code >= 0x10000 && code <= 0x10ffff)
    : code === 0x9 || code === 0xa || code === 0xd;
}

/**
 * Expands the references in raw text (or an attribute value) that starts at `base` in the document.
 * Text gets CR LF → LF (§2.11); attribute values additionally get tab/CR/LF → space (§3.3.3), while
 * characters written as references are kept as they are.
 */
export function decodeRaw(raw: string, base: number, attribute: boolean, fail: Fail): string {
  if (!(attribute ? SPECIAL_IN_ATTRIBUTE : SPECIAL_IN_TEXT).test(raw)) return raw;
  let out = '';
  let at = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 13) {
      out += raw.slice(at, i) + (attribute ? ' ' : '\n');
      if (raw.charCodeAt(i + 1) === 10) i++;
      at = i + 1;
    } else if (attribute && (c === 10 || c === 9)) {
      out += raw.slice(at, i) + ' ';
      at = i + 1;
    } else if (c === 38) {
      const semi = raw.indexOf(';', i + 1);
      const name = semi < 0 ? '' : raw.slice(i + 1, semi);
      if (semi < 0 || semi - i > 12)
        fail('"&" must start a reference such as &amp; (write & as &amp;)', base + i);
      out += raw.slice(at, i) + expandReference(name, base + i, fail);
      i = semi;
      at = i + 1;
    }
  }
  return out + raw.slice(at);
}

function expandReference(name: string, index: number, fail: Fail): string {
  const predefined = PREDEFINED[name];
  if (predefined !== undefined) return predefined;
  if (name.startsWith('#')) {
    const hex = name[1] === 'x';
    const digits = name.slice(hex ? 2 : 1);
    const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
    const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : -1;
    if (!isXmlChar(code)) fail(`&${name}; is not a character XML allows`, index);
    return String.fromCodePoint(code);
  }
  return fail(`undeclared entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and &#…; are allowed)`, index);
}

/**
 * Escapes text for element content: `&` and `<` always; `>` when `gt` is set or after `]]`;
 * CR as `&#13;` so it survives parsing; LF written as the document's newline.
 */
export function escapeText(text: string, options: { gt?: boolean; newline?: string } = {}): string {
  const crlf = options.newline !== undefined && options.newline !== '\n';
  if (!(crlf ? TEXT_SPECIAL_CRLF : TEXT_SPECIAL).test(text)) return text;
  return text.replace(options.gt ? TEXT_ESCAPE_GT : TEXT_ESCAPE, (c) =>
    c === '\n'
      ? crlf
        ? (options.newline as string)
        : c
      : c.length === 3
        ? ']]&gt;'
        : (TEXT_ESCAPES[c] ?? c),
  );
}

const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIAL_CRLF = /[&<>\r\n]/;
const TEXT_ESCAPE = /[&<\r\n]|]]>/g;
const TEXT_ESCAPE_GT = /[&<>\r\n]/g;
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/** Escapes an attribute value for the given quote; tab, CR and LF as references so they survive normalization. */
export function escapeAttribute(value: string, quote: '"' | "'" = '"'): string {
  return value.replace(quote === '"' ? /[&<"\t\n\r]/g : /[&<'\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
