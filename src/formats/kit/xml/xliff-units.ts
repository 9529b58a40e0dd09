/**
 * What the XLIFF 1.2 and 2.0 readers share: unit ids made unique in the whole document, the
 * inherited `translate` flag, and the enclosing element of a unit.
 */
import { DistinctIds } from '../../distinct-ids.ts';
import { attribute, type LoadedXml, localName } from './document.ts';
import type { XmlElement } from './nodes.ts';

/** The nearest enclosing element named `name`. */
export function ancestor(element: XmlElement, name: string): XmlElement | undefined {
  for (let p = element.parent; p; p = p.parent) if (localName(p.name) === name) return p;
  return undefined;
}

/**
 * `translate` of the element, else of the nearest enclosing group or file that says
 * (XLIFF 1.2 §2.3.2, XLIFF 2.0 §4.3.1.50).
 */
export function translatable(element: XmlElement): boolean {
  for (let p: XmlElement | undefined = element; p; p = p.parent) {
    const value = attribute(p, 'translate');
    if (value !== undefined) return value !== 'no';
  }
  return true;
}

/**
 * The ids of a document's units. XLIFF wants an id unique only within its `<file>`: an id an
 * earlier `<file>` already used gets that file's name as prefix (`file#id`). Files that bend even
 * that rule are read all the same, with a warning, as CAT tools read them: a unit without an id is
 * addressed as `unit-N` (its position in the document), a second unit with an id already used in
 * its `<file>` as `id~2` (see DistinctIds).
 */
export class DocumentUnitIds {
  private readonly earlierFiles = new Set<string>();
  /** Ids written in the current `<file>`, with where each was first written. */
  private inFile = new Map<string, number>();
  private readonly ids = new DistinctIds();
  private ordinal = 0;
  private readonly loaded: LoadedXml;
  /** The unit element's name, for warnings: `trans-unit` (1.2) or `unit` (2.0). */
  private readonly unitName: string;

  constructor(loaded: LoadedXml, unitName: string) {
    this.loaded = loaded;
    this.unitName = unitName;
  }

  /** At the end of a `<file>`: its ids now belong to an earlier file. */
  endFile(): void {
    for (const id of this.inFile.keys()) this.earlierFiles.add(id);
    this.inFile = new Map();
  }

  /** The id the unit `element` is addressed by; `fileName` gives its file's name for a prefix. */
  take(element: XmlElement, fileName: () => string): string {
    const { loaded, unitName } = this;
    this.ordinal++;
    const written = attribute(element, 'id');
    const base =
      written === undefined
        ? `unit-${this.ordinal}`
        : this.earlierFiles.has(written)
          ? `${fileName()}#${written}`
          : written;
    const id = this.ids.take(base);
    const first = written === undefined ? undefined : this.inFile.get(written);
    if (written === undefined) {
      loaded.warn(`<${unitName}> without an id; it is addressed as "${id}"`, element.start);
    } else if (first !== undefined) {
      const line = loaded.positions.warning('', first).line;
      loaded.warn(
        `duplicate ${unitName} id "${written}" (first on line ${line}); this one is addressed as "${id}"`,
        element.start,
      );
    } else {
      this.inFile.set(written, element.start);
      if (id !== base)
        loaded.warn(
          `${unitName} id "${base}" is not unique; this one is addressed as "${id}"`,
          element.start,
        );
    }
    return id;
  }
}

/**
 * Whether two language attributes name one language (`en`, `en-US` and `en_US` differ; case and
 * `_`/`-` do not). Either missing: no.
 */
export function sameLanguage(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const norm = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();
  return norm(a) === norm(b);
}
