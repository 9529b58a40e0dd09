/**
 * The floor "receiver/ declares no event shape" (issue 35): the shape of every webhook event is
 * declared once, in src/api/schemas/webhooks.ts, which the platform emits with and the receiver
 * parses with. Under receiver/ no zod schema and no TypeScript type may declare a field that only
 * events have; read such a field through the schema's types (`EventPayload<…>`).
 *
 * The check is lexical, over source with comments and strings blanked (see `blank` in
 * check-floors.ts): a field counts as declared where it is given a zod schema (`fileId: z.…`), is
 * optional (`fileId?:`), is given a primitive type (`fileId: string`), or stands in an object type
 * (after `interface X`, `type X =`, `as`, `satisfies`, `<`, `|`, `&`) or in the object given to a zod
 * call (`z.object({ due: isoOrNull })`, `.extend({ … })`). Object literals that carry
 * values (`{ translationId: t.id }`) are not declarations.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { EventPayloads } from '../../src/api/schemas/webhooks.ts';
import { blank, sourceFiles } from '../check-floors.ts';

/** Fields every resource has, which say nothing about events on their own. */
const GENERIC = new Set(['id', 'name']);

/** The fields only events have, read from the one schema: OrganizationId, due, fileId, … and eventType. */
export const EVENT_FIELDS: readonly string[] = [
  ...new Set(['eventType', ...Object.values(EventPayloads).flatMap((schema) => Object.keys(schema.shape))]),
].filter((key) => !GENERIC.has(key));

export interface ShapeSite {
  line: number;
  field: string;
}

const PRIMITIVE = /^(?:string|number|boolean|bigint|unknown|any|never|object)\b/;
const TYPE_OPENER =
  /(?:\binterface\s+[\w$]+(?:<[^{]*>)?(?:\s+extends\s+[^{]+)?|\btype\s+[\w$]+(?:<[^=]*>)?\s*=|\bas|\bsatisfies|[<|&]|\b(?:z|zod)\s*\.\s*[\w$]+\s*\(|\.(?:safeE|e)xtend\s*\()\s*$/;

/** Where the innermost `{` around `offset` opens, or -1. */
function openingBrace(code: string, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    const c = code[i];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Every event field `text` declares in a zod schema or a TypeScript type, with its line. */
export function findEventShapes(text: string, fields: readonly string[] = EVENT_FIELDS): ShapeSite[] {
  const { code } = blank(text);
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const sites: ShapeSite[] = [];
  const names = fields.map((f) => f.replace(/[$]/g, '\\$')).join('|');
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])(${names})\\s*(\\?)?\\s*:\\s*`, 'g'))) {
    const field = m[1] as string;
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const brace = openingBrace(code, m.index);
    // Keys only: the field must be the first thing after `{`, `,` or `;`.
    if (!/(?:^|[{,;])\s*$/.test(code.slice(Math.max(0, brace), m.index))) continue;
    const declared =
      m[2] === '?' ||
      /^(?:z|zod)\s*\./.test(after) ||
      PRIMITIVE.test(after) ||
      (brace >= 0 && TYPE_OPENER.test(code.slice(Math.max(0, brace - 200), brace)));
    if (declared) sites.push({ line: lineAt(m.index), field });
  }
  return sites;
}

export interface ShapeBreach {
  file: string;
  line: number;
  field: string;
}

/** Every event field declared under `root`/receiver/. */
export function checkEventShapes(root: string): ShapeBreach[] {
  const breaches: ShapeBreach[] = [];
  for (const path of sourceFiles(join(root, 'receiver'))) {
    const file = relative(root, path).split(sep).join('/');
    for (const site of findEventShapes(readFileSync(path, 'utf8'))) breaches.push({ file, ...site });
  }
  return breaches;
}

/** `file:line: receiver/ declares no event shape (field …; …)`. */
export function formatShapeBreach(b: ShapeBreach): string {
  return (
    `${b.file}:${b.line}: receiver/ declares no event shape (field ${b.field}; ` +
    'parse with and type by src/api/schemas/webhooks.ts)'
  );
}
