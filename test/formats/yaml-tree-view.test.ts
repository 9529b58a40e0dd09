/** TreeView: a tree read before in-place patches, seen in the text the patches left. */
import { describe, expect, it } from 'vitest';
import { parseDocument, type Scalar, type YAMLMap } from 'yaml';
import { applyEdits, type Edit } from '../../src/formats/file-text.ts';
import { TreeView } from '../../src/formats/yaml/tree-view.ts';

const read = 'a: one\nb: "two"\nc: three\n';
const top = parseDocument(read).contents as YAMLMap<Scalar, Scalar>;
const [a, b, c] = top.items.map((pair) => pair.value!);
const patches: Edit[] = [
  { start: a!.range![0], end: a!.range![1], replacement: "'eins: 1'" },
  // Lines inserted where `b`'s line begins belong to the lines above (as a plural's new forms do).
  { start: 7, end: 7, replacement: '  x: y\n' },
];
const view = new TreeView(applyEdits(read, patches), top, undefined, patches);

describe('TreeView', () => {
  it('moves positions past the patches before them, an insertion at the position included', () => {
    expect(view.text).toBe('a: \'eins: 1\'\n  x: y\nb: "two"\nc: three\n');
    expect(view.at(0)).toBe(0);
    expect(view.at(7)).toBe(20);
    expect(view.text.slice(view.at(c!.range![0]), view.at(c!.range![1]))).toBe('three');
  });

  it('puts a position inside a patch at the end of its replacement', () => {
    expect(view.at(a!.range![1])).toBe(12);
    expect(view.at(a!.range![0] + 1)).toBe(12);
  });

  it("gives a patched scalar's quoting as written, an untouched one's as read", () => {
    expect(view.styleOf(a)).toBe('QUOTE_SINGLE');
    expect(view.styleOf(b)).toBe('QUOTE_DOUBLE');
    expect(view.styleOf(c)).toBe('PLAIN');
  });
});
