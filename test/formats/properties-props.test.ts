/**
 * Property tests for .properties: generated files with awkward keys, escapes, unicode, empty
 * values, comments and continuations survive round trips — and, where a JDK is installed, Java's
 * own Properties.load reads our files and our renders exactly as we do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertiesFormat } from '../../src/formats/properties/index.ts';

const awkwardChar = fc.oneof(
  fc.constantFrom(' ', '=', ':', '#', '!', '\\', '\t', '\n', '\r', '\f', 'é', 'ß', '€', '😀', '\u2028', 'u'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
);
const awkwardText = fc.string({ unit: awkwardChar, maxLength: 12 });

const entry = fc.record({
  key: awkwardText,
  value: awkwardText,
  indent: fc.constantFrom('', ' ', '\t', '  \f'),
  separator: fc.constantFrom('=', ' = ', ':', ': ', ' ', '\t', ' :\t'),
  comments: fc.array(
    fc
      .tuple(fc.constantFrom('#', '!', '  #'), fc.string({ maxLength: 10 }))
      .map(([m, t]) => m + t.replace(/[\r\n]/g, ' ')),
    { maxLength: 2 },
  ),
  blankBefore: fc.boolean(),
  breaks: fc.array(fc.nat(20), { maxLength: 2 }),
});
const file = fc.record({
  entries: fc.uniqueArray(entry, { selector: (e) => e.key, minLength: 1, maxLength: 8 }),
  eol: fc.constantFrom('\n', '\r\n'),
  encoding: fc.constantFrom('utf8' as const, 'latin1' as const),
  finalEol: fc.boolean(),
});
type File = typeof file extends fc.Arbitrary<infer T> ? T : never;

/** Escapes one character the way a careful writer (or Properties.store) would, varying the spelling. */
function escapeChar(ch: string, index: number, isKey: boolean, rawUpTo: number): string {
  const c = ch.codePointAt(0)!;
  const u = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
  if (ch === '\\') return '\\\\';
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (ch === '\f') return '\\f';
  if (ch === ' ' && (isKey || index === 0)) return '\\ ';
  if (isKey && (ch === '=' || ch === ':' || ch === '#' || ch === '!')) return `\\${ch}`;
  // After a whitespace separator, a leading = or : would itself be read as the separator.
  if (index === 0 && (ch === '=' || ch === ':')) return `\\${ch}`;
  if (c < 0x20 || c > rawUpTo || (c >= 0xd800 && c <= 0xdfff) || c % 3 === 0) {
    if (c < 0x80 && c >= 0x20 && c % 3 === 0) return ch;
    return [...ch].length === 1 && ch.length === 2
      ? u(ch.charCodeAt(0)) + u(ch.charCodeAt(1))
      : u(ch.charCodeAt(0));
  }
  return ch;
}

function write(f: File): Uint8Array {
  const rawUpTo = f.encoding === 'latin1' ? 0xff : 0x10ffff;
  const lines: string[] = [];
  for (const e of f.entries) {
    if (e.blankBefore) lines.push('   ');
    lines.push(...e.comments);
    const key = [...e.key].map((ch, i) => escapeChar(ch, i, true, rawUpTo)).join('');
    const tokens = [...e.value].map((ch, i) => escapeChar(ch, i, false, rawUpTo));
    // Continuations go between tokens, never before raw whitespace (the next line's indentation is skipped).
    for (const at of [...e.breaks].sort((a, b) => b - a)) {
      if (at > 0 && at < tokens.length && !/^[ \t\f]/.test(tokens[at]!))
        tokens.splice(at, 0, `\\${f.eol}    `);
    }
    // A line holding only an empty key and whitespace would be blank: give it a real separator.
    const separator = key === '' && !/[=:]/.test(e.separator) ? '=' : e.separator;
    lines.push(`${e.indent}${key}${separator}${tokens.join('')}`);
  }
  const text = lines.join(f.eol) + (f.finalEol ? f.eol : '');
  return new Uint8Array(Buffer.from(text, f.encoding));
}

function translationsOf(f: File, texts: string[]): Map<string, string> {
  return new Map(f.entries.map((e, i) => [e.key, texts[i % texts.length]!]));
}

describe('properties: property round trips', () => {
  it('parse reads what was written; render with no translations is identical; translations come back', () => {
    fc.assert(
      fc.property(file, fc.array(awkwardText, { minLength: 1, maxLength: 8 }), (f, texts) => {
        const bytes = write(f);
        const units = propertiesFormat.parse(bytes);
        expect(Object.fromEntries(units.map((u) => [u.id, u.source]))).toEqual(
          Object.fromEntries(f.entries.map((e) => [e.key, e.value])),
        );
        const same = propertiesFormat.render(bytes, new Map(), { targetLang: 'de' });
        expect(Buffer.from(same).equals(Buffer.from(bytes))).toBe(true);
        const translations = translationsOf(f, texts);
        const out = propertiesFormat.render(bytes, translations, { targetLang: 'de' });
        const back = propertiesFormat.parse(out);
        expect(new Map(back.map((u) => [u.id, u.source]))).toEqual(translations);
      }),
      { numRuns: 400 },
    );
  });

  let java = false;
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    java = true;
  } catch {
    // No JDK here: the oracle comparison is skipped.
  }

  it.runIf(java)("Java's Properties.load reads generated files and our renders as we do", () => {
    const dir = mkdtempSync(join(tmpdir(), 'props-oracle-'));
    try {
      const cases = fc.sample(fc.tuple(file, fc.array(awkwardText, { minLength: 1, maxLength: 8 })), {
        numRuns: 150,
        seed: 20240611,
      });
      const expected: Record<string, Record<string, string>> = {};
      cases.forEach(([f, texts], n) => {
        const bytes = write(f);
        const translations = translationsOf(f, texts);
        const out = propertiesFormat.render(bytes, translations, { targetLang: 'de' });
        writeFileSync(join(dir, `${n}-in.${f.encoding}`), bytes);
        writeFileSync(join(dir, `${n}-out.${f.encoding}`), out);
        expected[`${n}-in.${f.encoding}`] = Object.fromEntries(
          propertiesFormat.parse(bytes).map((u) => [u.id, u.source]),
        );
        expected[`${n}-out.${f.encoding}`] = Object.fromEntries(translations);
      });
      writeFileSync(join(dir, 'Load.java'), JAVA_LOADER);
      const json = execFileSync('java', [join(dir, 'Load.java'), dir], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      const actual = JSON.parse(json) as typeof expected;
      for (const name of Object.keys(expected)) expect([name, actual[name]]).toEqual([name, expected[name]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Loads every `*.utf8` file through a UTF-8 Reader and `*.latin1` through an InputStream; prints JSON. */
const JAVA_LOADER = `
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class Load {
  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder("{");
    File[] files = new File(args[0]).listFiles((d, n) -> n.endsWith(".utf8") || n.endsWith(".latin1"));
    Arrays.sort(files);
    for (int i = 0; i < files.length; i++) {
      Properties p = new Properties();
      try (InputStream in = new FileInputStream(files[i])) {
        if (files[i].getName().endsWith(".latin1")) p.load(in);
        else p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      }
      out.append(i == 0 ? "" : ",").append(q(files[i].getName())).append(":{");
      boolean first = true;
      for (String k : p.stringPropertyNames()) {
        out.append(first ? "" : ",").append(q(k)).append(":").append(q(p.getProperty(k)));
        first = false;
      }
      out.append("}");
    }
    System.out.print(out.append("}"));
  }

  static String q(String s) {
    StringBuilder b = new StringBuilder("\\"");
    for (char c : s.toCharArray()) {
      if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\\\') b.append(c);
      else b.append(String.format("\\\\u%04x", (int) c));
    }
    return b.append('"').toString();
  }
}
`;
