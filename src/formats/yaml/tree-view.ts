/**
 * A target's tree seen in the text that in-place edits left: the edit reads the target once and
 * then inserts and removes pairs in the patched text, so every position the tree holds is moved
 * past the patches before it, and a patched scalar's quoting is the one it was written with.
 */
import type { Scalar, YAMLMap } from 'yaml';
import { isScalar } from 'yaml';
import type { Edit } from '../file-text.ts';
import type { FlowStyle } from '../kit/yaml/flow-scalar.ts';
import { parseDocuments } from './quoted-lines.ts';
import { topOf } from './tree-paths.ts';

export class TreeView {
  readonly text: string;
  readonly top: YAMLMap | undefined;
  readonly rootKey: Scalar | undefined;
  /** The edits sorted as applyEdits applies them, and the text's growth up to the end of each. */
  private readonly edits: readonly Edit[];
  private readonly growth: readonly number[];
  private readonly byStart = new Map<number, Edit>();

  /** `text` is the read text with `edits` (made on it) applied; `top` and `rootKey` as topOf gives. */
  constructor(
    text: string,
    top: YAMLMap | undefined,
    rootKey: Scalar | undefined,
    edits: readonly Edit[] = [],
  ) {
    this.text = text;
    this.top = top;
    this.rootKey = rootKey;
    this.edits = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    let growth = 0;
    this.growth = this.edits.map((e) => {
      growth += e.replacement.length - (e.end - e.start);
      return growth;
    });
    for (const edit of this.edits) if (!this.byStart.has(edit.start)) this.byStart.set(edit.start, edit);
  }

  /**
   * Where `index` of the read text stands in `text`: past every edit ending at or before it (an
   * insertion at `index` included: what is inserted there belongs to the lines above), at the
   * end of the replacement of an edit it falls inside.
   */
  at(index: number): number {
    let low = 0;
    let high = this.edits.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.edits[mid]!.end <= index) low = mid + 1;
      else high = mid;
    }
    const before = low === 0 ? 0 : this.growth[low - 1]!;
    const inside = this.edits[low];
    if (inside && inside.start < index) return inside.start + before + inside.replacement.length;
    return index + before;
  }

  /** The quoting of a scalar as `text` writes it: a patched one's is its replacement's. */
  styleOf(node: unknown): FlowStyle {
    if (!isScalar(node)) return 'PLAIN';
    const edit = node.range ? this.byStart.get(node.range[0]) : undefined;
    if (edit) {
      const first = edit.replacement.trimStart()[0];
      return first === '"' ? 'QUOTE_DOUBLE' : first === "'" ? 'QUOTE_SINGLE' : 'PLAIN';
    }
    return node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' ? node.type : 'PLAIN';
  }
}

/** A fresh read of `text`: what the edit falls back to where patches reshape the tree it walks. */
export function reread(text: string): TreeView {
  const { top, rootKey } = topOf(parseDocuments(text));
  return new TreeView(text, top, rootKey);
}
