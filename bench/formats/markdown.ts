/**
 * Benchmark input for Markdown; baseline markdown-it (the best-known CommonMark library) used
 * naively: parse and render the document to HTML.
 */
import MarkdownIt from 'markdown-it';
import { markdownFormat } from '../../src/formats/markdown/index.ts';
import { fillTo } from '../support/generate.ts';

function section(n: number): string {
  return `## Section ${n}

This is paragraph ${n} with **bold**, \`inline code\` and a [link](https://example.com/${n}).
It continues on a second line.

- First item of list ${n}
- Second item with \`code\`
  - Nested item

> A quote in section ${n}
> spanning two lines.

| Name | Value |
|------|-------|
| key${n} | value ${n} |

\`\`\`js
console.log(${n});
\`\`\`

`;
}

const markdownIt = new MarkdownIt();

export const benchFormat = {
  name: 'markdown',
  format: markdownFormat,
  /** A README-like document of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(
      fillTo(targetBytes, section, {
        head: '---\ntitle: Benchmark\ndescription: A generated document\n---\n\n# Benchmark\n\n',
      }),
    );
  },
  /** The naive way: decode, markdown-it parse + render (to HTML, losing the Markdown source), encode. */
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(markdownIt.render(new TextDecoder().decode(bytes)));
  },
};
