import type { Fail } from './entities.ts';

/**
 * Skips a `<!DOCTYPE …>` declaration starting at `start` and returns the index after it.
 *
 * The declaration is never acted on: an external DTD (`SYSTEM "file:///etc/passwd"`, `PUBLIC …`)
 * is not fetched or read, and an internal subset that declares entities — the vehicle of both
 * billion laughs and XXE — is refused outright, so no reference can ever expand into a declared
 * entity's text. Element and attribute-list declarations are skipped (their defaults are not applied).
 */
export function skipDoctype(text: string, start: number, fail: Fail): number {
  let i = start + '<!DOCTYPE'.length;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '>') return i + 1;
    if (c === '"' || c === "'") {
      i = closing(text, c, i + 1, start, fail) + 1;
    } else if (c === '[') {
      i = skipInternalSubset(text, i + 1, start, fail);
    } else {
      i++;
    }
  }
  return fail('unexpected end of file inside <!DOCTYPE>', start);
}

function skipInternalSubset(text: string, from: number, doctype: number, fail: Fail): number {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ']') return i + 1;
    if (c === '"' || c === "'") {
      i = closing(text, c, i + 1, doctype, fail) + 1;
    } else if (text.startsWith('<!--', i)) {
      i = closing(text, '-->', i + 4, doctype, fail) + 3;
    } else if (text.startsWith('<?', i)) {
      i = closing(text, '?>', i + 2, doctype, fail) + 2;
    } else if (text.startsWith('<!ENTITY', i)) {
      fail(
        'DOCTYPE declares entities; entity declarations are refused (they enable billion laughs and XXE)',
        i,
      );
    } else if (c === '%') {
      fail('DOCTYPE uses parameter entities; they are refused (they can pull in external DTDs)', i);
    } else {
      i++;
    }
  }
  return fail('unexpected end of file inside the DOCTYPE internal subset', doctype);
}

function closing(text: string, token: string, from: number, doctype: number, fail: Fail): number {
  const at = text.indexOf(token, from);
  return at < 0 ? fail('unexpected end of file inside <!DOCTYPE>', doctype) : at;
}
