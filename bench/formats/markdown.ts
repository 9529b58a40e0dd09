/**
 * Benchmark input for Markdown. No Markdown library (markdown-it, remark) is installed, so the
 * baseline is the naive script approach: split into blocks on blank lines, classify each block by
 * its first line, collect the text blocks, and join the document back together.
 */
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
  /** The naive way: blocks split on blank lines, classified by their first line, joined back. */
  naive(bytes: Uint8Array): void {
    const blocks = new TextDecoder().decode(bytes).split(/\n{2,}/);
    const texts: string[] = [];
    let inFence = false;
    for (const block of blocks) {
      if (/^(```|~~~)/m.test(block))
        inFence = !inFence || /^(```|~~~)[\s\S]*^(```|~~~)/m.test(block) ? false : inFence;
      if (inFence || /^( {4}|```|~~~|<)/.test(block)) continue;
      texts.push(block.replace(/^(#{1,6} |[-*+] |> |\d+\. )/gm, ''));
    }
    new TextEncoder().encode(blocks.join('\n\n'));
  },
};
