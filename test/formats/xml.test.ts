import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import { escapeAttribute, escapeText } from '../../src/formats/kit/xml/entities.ts';
import { markupOf, mixedText, renderMixed } from '../../src/formats/kit/xml/inline.ts';
import type { XmlElement } from '../../src/formats/kit/xml/nodes.ts';
import { parseXml } from '../../src/formats/kit/xml/parse.ts';

function errorOf(text: string): FormatError {
  try {
    parseXml(text, { fileName: 'in.xml' });
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return error as FormatError;
  }
  throw new Error('expected a FormatError');
}

describe('XML tokenizer: offsets', () => {
  const text =
    '<?xml version="1.0"?>\n<a x="1" y=\'two &amp; 3\'>hi &lt;there&gt;<b/><!-- c --><![CDATA[<raw>]]></a>\n';
  const doc = parseXml(text);

  it('gives every element the indexes of its start tag, content and end tag', () => {
    const a = doc.root;
    expect(text.slice(a.start, a.openEnd)).toBe('<a x="1" y=\'two &amp; 3\'>');
    expect(text.slice(a.closeStart, a.end)).toBe('</a>');
    const b = a.children[1] as XmlElement;
    expect(b.selfClosing).toBe(true);
    expect(text.slice(b.start, b.end)).toBe('<b/>');
  });

  it('gives attributes their decoded value and the span of the raw value', () => {
    const y = doc.root.attributes[1]!;
    expect(y.value).toBe('two & 3');
    expect(y.quote).toBe("'");
    expect(text.slice(y.valueStart, y.valueEnd)).toBe('two &amp; 3');
  });

  it('decodes text, keeps CDATA and comments apart', () => {
    expect(doc.root.children.map((c) => c.kind)).toEqual(['text', 'element', 'comment', 'cdata']);
    expect(doc.root.children[0]).toMatchObject({ value: 'hi <there>', start: 47 });
    expect(doc.root.children[3]).toMatchObject({ value: '<raw>' });
  });

  it('expands numeric references, normalizes CR LF in text and whitespace in attributes', () => {
    const d = parseXml('<a t="x\ty&#10;z">1\r\n2&#13;&#x1F600;&#65;</a>');
    expect(d.root.attributes[0]!.value).toBe('x y\nz');
    expect(d.root.children[0]).toMatchObject({ value: '1\n2\r😀A' });
    expect(parseXml('<a>\n</a>').newline).toBe('\n');
    expect(parseXml('<?xml version="1.0"?>\r\n<a/>').newline).toBe('\r\n');
  });
});

describe('XML tokenizer: safety', () => {
  it('refuses billion laughs at the DOCTYPE, without expanding anything', () => {
    const levels = Array.from({ length: 10 }, (_, n) =>
      n === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${n} "${`&lol${n - 1};`.repeat(10)}">`,
    );
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n ${levels.join('\n ')}\n]>\n<lolz>&lol9;</lolz>`;
    const error = errorOf(bomb);
    expect(error.message).toMatch(/entity declarations are refused/);
    expect([error.line, error.column]).toEqual([3, 2]);
  });

  it('never reads an external entity (XXE): the SYSTEM target is a FIFO that would block any reader', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xxe-'));
    try {
      const fifo = join(dir, 'secret');
      execFileSync('mkfifo', [fifo]);
      const declared = `<!DOCTYPE r [<!ENTITY xxe SYSTEM "file://${fifo}">]><r>&xxe;</r>`;
      expect(errorOf(declared).message).toMatch(/entity declarations are refused/);
      const external = `<!DOCTYPE r SYSTEM "file://${fifo}"><r>&xxe;</r>`;
      expect(errorOf(external).message).toMatch(/undeclared entity &xxe;/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses parameter entities and /etc/passwd references', () => {
    expect(errorOf('<!DOCTYPE r [ %ext; ]><r/>').message).toMatch(/parameter entities/);
    const passwd = '<!DOCTYPE r [<!ENTITY p SYSTEM "file:///etc/passwd">]><r>&p;</r>';
    expect(errorOf(passwd).message).not.toMatch(/root:/);
  });

  it('accepts a DOCTYPE without entity declarations (Apple plists) and ignores it', () => {
    const plist =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict/></plist>';
    expect(parseXml(plist).root.name).toBe('plist');
    expect(parseXml('<!DOCTYPE r [<!ELEMENT r (#PCDATA)> <!-- ] --> ]><r/>').root.name).toBe('r');
  });
});

describe('XML tokenizer: malformed input is a FormatError with line and column', () => {
  const cases: [string, string, RegExp, number, number][] = [
    ['truncated file', '<a>\n  <b>text', /<b> opened at line 2, column 3 is not closed/, 2, 10],
    ['mismatched end tag', '<a>\n<b></c></a>', /mismatched end tag <\/c>: <b> opened at line 2/, 2, 4],
    ['end tag without start', '<a></a></b>', /end tag <\/b> has no start tag/, 1, 8],
    ['truncated in a tag', '<a><b x="1"', /end of file inside the value of x|inside the tag/, 1, 4],
    ['truncated in an attribute value', '<a x="1', /inside the value of x/, 1, 6],
    ['unquoted attribute', '<a x=1/>', /must be quoted/, 1, 6],
    ['duplicate attribute', '<a x="1" x="2"/>', /duplicate attribute x/, 1, 10],
    ['< in text', '<a>1 < 2</a>', /must start a tag/, 1, 6],
    ['bare &', '<a>R&D</a>', /must start a reference/, 1, 5],
    ['undeclared entity', '<a>\n&nbsp;</a>', /undeclared entity &nbsp;/, 2, 1],
    ['illegal character reference', '<a>&#0;</a>', /not a character XML allows/, 1, 4],
    ['control character', '<a>\u0001</a>', /U\+0001 is not allowed/, 1, 4],
    ['two roots', '<a/>\n<b/>', /only one root element/, 2, 1],
    ['text outside the root', '<a/>x', /outside the root/, 1, 5],
    ['empty document', '  ', /no root element/, 1, 3],
    ['unterminated comment', '<a><!-- x </a>', /inside a comment/, 1, 4],
    ['unterminated CDATA', '<a><![CDATA[ x </a>', /inside a CDATA/, 1, 4],
  ];
  for (const [what, text, message, line, column] of cases) {
    it(what, () => {
      const error = errorOf(text);
      expect(error.message).toMatch(message);
      expect(error.file).toBe('in.xml');
      expect([error.line, error.column]).toEqual([line, column]);
    });
  }
});

describe('inline markup in unit text', () => {
  const known = new Set(['g', 'x']);
  const render = (translation: string, source = '', sourceMarkup: Set<string> = new Set()) =>
    renderMixed(translation, {
      escape: (t) => escapeText(t),
      known,
      source,
      sourceMarkup,
      fail: (m) => {
        throw new FormatError(m);
      },
    });

  it('keeps tags as written and decodes the text between them', () => {
    const text = '<s>Click <g id="1" ctype="x-b">here &amp; <x id="2"/></g> &lt;b&gt;</s>';
    const s = parseXml(text).root;
    expect(mixedText(text, s)).toBe('Click <g id="1" ctype="x-b">here & <x id="2"/></g> <b>');
    expect([...markupOf(text, s)]).toEqual(['<g id="1" ctype="x-b">', '</g>', '<x id="2"/>']);
  });

  it('writes tags back verbatim and escapes text, keeping a tag the source had as text escaped', () => {
    const source = 'Click <g id="1">here</g> <b>';
    const markup = new Set(['<g id="1">', '</g>']);
    expect(render('Klick <g id="1">hier & da</g> <b>', source, markup)).toBe(
      'Klick <g id="1">hier &amp; da</g> &lt;b>',
    );
  });

  it('treats unpaired unknown tags and broken tags as text', () => {
    expect(render('a <b> c </i> <i x=1>')).toBe('a &lt;b> c &lt;/i> &lt;i x=1>');
    expect(render('<a><b></a></b>')).toBe('<a>&lt;b></a>&lt;/b>');
  });

  it('refuses a translation that leaves a known inline element unpaired', () => {
    expect(() => render('Klick <g id="1">hier')).toThrow(/<g id="1"> has no matching tag/);
    expect(() => render('Klick hier</g>')).toThrow(/<\/g> has no matching tag/);
  });

  it('property: any text rendered into an element parses back to the same unit text', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom(
        '<',
        '>',
        '&',
        ']]>',
        '&amp;',
        '<b>',
        '</b>',
        '<i/>',
        '<!-- c -->',
        '\r\n',
        '\r',
        '"',
        "'",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const translation = pieces.join('').replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '');
        const xml = `<s>${renderMixed(translation, {
          escape: (t) => escapeText(t),
          known: new Set(),
          source: '',
          sourceMarkup: new Set(),
          fail: (m) => {
            throw new Error(m);
          },
        })}</s>`;
        const doc = parseXml(xml);
        expect(mixedText(xml, doc.root)).toBe(translation);
      }),
    );
  });

  it('property: attribute values survive escaping for either quote', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom('"' as const, "'" as const),
        (value, quote) => {
          const clean = value.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '');
          const doc = parseXml(`<a v=${quote}${escapeAttribute(clean, quote)}${quote}/>`);
          expect(doc.root.attributes[0]!.value).toBe(clean);
        },
      ),
    );
  });
});
