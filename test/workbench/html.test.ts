import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trusted } from '../../server/workbench/html.ts';

describe('escapeHtml and the html template', () => {
  it('escapes the five characters that can end text or an attribute value', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves no raw <, >, ", \' or stray & in any escaped string, and decoding gives the input back', () => {
    const decode = (s: string) =>
      s.replace(
        /&(lt|gt|quot|#39|amp);/g,
        (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
      );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped).not.toMatch(/&(?!(lt|gt|quot|#39|amp);)/);
        expect(decode(escaped)).toBe(text);
      }),
    );
  });

  it('escapes interpolated text, keeps nested html as markup, joins lists and drops null, undefined and false', () => {
    const name = '<script>alert(1)</script>';
    const out = html`<ul>${[html`<li>${name}</li>`, null, undefined, false, html`<li>${2}</li>`]}</ul><p title="${name}">x</p>`;
    expect(out.text).toBe(
      '<ul><li>&lt;script&gt;alert(1)&lt;/script&gt;</li><li>2</li></ul><p title="&lt;script&gt;alert(1)&lt;/script&gt;">x</p>',
    );
  });

  it('does not take a plain object shaped like Html as markup: only values made by html or trusted are', () => {
    const forged = { text: '<b>bold</b>' } as unknown as string;
    expect(html`${forged}`.text).toBe('[object Object]');
    expect(html`${trusted('<b>ok</b>')}`.text).toBe('<b>ok</b>');
  });
});
