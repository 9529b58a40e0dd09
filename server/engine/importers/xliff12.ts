import {
  checkDeclaredLanguage,
  countSkipped,
  describeSkipped,
  nothingImported,
  type ReadContext,
} from './context.ts';
import { joinNotes } from './metadata.ts';
import {
  levelLabel,
  readSegDefs,
  type SdlSegmentInfo,
  sdlSegmentFilter,
  UNSPECIFIED,
} from './sdl-confirmation.ts';
import type { ImportedSegment } from './types.ts';
import type { XmlReader } from './xml-stream.ts';
import {
  attribute,
  childElements,
  errorAt,
  firstChild,
  isElement,
  localName,
  markupText,
  plainText,
  type TreeElement,
} from './xml-tree.ts';

/** XLIFF 1.2 target states that mean "not translated yet". */
const UNTRANSLATED_STATES = new Set(['new', 'needs-translation']);

/** Trados' own markers inside segments (comments, locations): their tags go, their text stays. */
const unwrapSdl = (element: TreeElement) =>
  localName(element.name) === 'mrk' && (attribute(element, 'mtype') ?? '').startsWith('x-sdl-');

/**
 * XLIFF 1.2, and SDLXLIFF when `sdl` is set. Every `<file>`'s `source-language` and
 * `target-language` must fit the memory. A `<trans-unit>` segmented with `<seg-source>` and
 * `<mrk mtype="seg" mid>` gives one segment per `mid` found in both `<seg-source>` and `<target>`;
 * otherwise the unit's `<source>`/`<target>` give one. Plain XLIFF imports segments whose target is
 * non-empty and whose `state` is not new/needs-translation; SDLXLIFF decides per segment from
 * `<sdl:seg-defs>` (sdl-confirmation.ts). Units with translate="no" are not translatable content
 * and are neither imported nor counted. `<note>`s become notes, `resname` the context.
 */
export function xliff12Reader(context: ReadContext, sdl: boolean): XmlReader<ImportedSegment> {
  const accepts = sdl ? sdlSegmentFilter(context.sdlxliffFilters) : undefined;
  const levels = new Map<string, number>();
  let segments = 0;
  return {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'file') {
        checkDeclaredLanguage(context, tag.attributes['source-language'], 'source', tag, 'source-language');
        checkDeclaredLanguage(context, tag.attributes['target-language'], 'target', tag, 'target-language');
      }
      return name === 'trans-unit';
    },
    element(unit, emit) {
      if (unit.attributes['translate'] === 'no') return;
      const source = firstChild(unit, 'source');
      if (!source) throw errorAt(unit, '<trans-unit> without <source>');
      const target = firstChild(unit, 'target');
      const defs = sdl ? readSegDefs(unit) : undefined;
      const notes = joinNotes(childElements(unit, 'note').map(plainText));
      const resname = attribute(unit, 'resname');
      for (const pair of segmentPairs(unit, source, target)) {
        segments++;
        const info = defs ? (defs.get(pair.mid ?? '') ?? UNSPECIFIED) : undefined;
        if (info) levels.set(info.conf, (levels.get(info.conf) ?? 0) + 1);
        if (!pair.source.trim()) {
          countSkipped(context.stats, 'empty');
          continue;
        }
        if (info && accepts && !accepts(info)) {
          countSkipped(context.stats, 'filtered');
          continue;
        }
        if (!pair.target?.trim() || (!info && UNTRANSLATED_STATES.has(target?.attributes['state'] ?? ''))) {
          countSkipped(context.stats, 'untranslated');
          continue;
        }
        emit(segmentOf(pair.source, pair.target, notes, resname, info));
        context.stats.imported++;
      }
    },
    finish() {
      if (context.stats.imported > 0) return;
      if (segments === 0)
        throw nothingImported(context, 'the XLIFF document holds no translation units', 'is it empty?');
      const found = [...levels].map(([conf, count]) => `${levelLabel(conf)} ${count}`).join(', ');
      const detail = sdl
        ? `segments by confirmation level: ${found}; ${context.sdlxliffFilters?.length ? 'no segment matched the sdlxliff_filters' : 'without filters only Translated, Translation Approved and Signed Off segments are imported'}`
        : `skipped: ${describeSkipped(context.stats)}`;
      throw nothingImported(context, `none of the ${segments} segments is importable`, detail);
    },
  };
}

interface SegmentPair {
  mid: string | undefined;
  source: string;
  target: string | undefined;
}

function segmentPairs(
  unit: TreeElement,
  source: TreeElement,
  target: TreeElement | undefined,
): SegmentPair[] {
  const segSource = firstChild(unit, 'seg-source');
  const sourceSegments = segSource ? segmentMarkers(segSource) : [];
  if (sourceSegments.length === 0) {
    return [
      {
        mid: undefined,
        source: markupText(source, unwrapSdl),
        target: target && markupText(target, unwrapSdl),
      },
    ];
  }
  const targets = new Map<string, string>();
  if (target) for (const marker of segmentMarkers(target)) targets.set(marker.mid, marker.text);
  return sourceSegments.map((marker) => ({
    mid: marker.mid,
    source: marker.text,
    target: targets.get(marker.mid),
  }));
}

/** `<mrk mtype="seg" mid>` markers at any depth (Trados keeps paragraph-level `<g>` outside them). */
function segmentMarkers(element: TreeElement, into: { mid: string; text: string }[] = []) {
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (localName(child.name) === 'mrk' && attribute(child, 'mtype') === 'seg') {
      const mid = attribute(child, 'mid');
      if (mid === undefined) throw errorAt(child, '<mrk mtype="seg"> without mid');
      into.push({ mid, text: markupText(child, unwrapSdl) });
    } else {
      segmentMarkers(child, into);
    }
  }
  return into;
}

function segmentOf(
  source: string,
  target: string,
  notes: string | undefined,
  resname: string | undefined,
  info: SdlSegmentInfo | undefined,
): ImportedSegment {
  const segment: ImportedSegment = { source, target };
  if (notes !== undefined) segment.notes = notes;
  if (info?.createdAt !== undefined) segment.createdAt = info.createdAt;
  if (info?.userEmail !== undefined) segment.userEmail = info.userEmail;
  if (resname) segment.context = resname;
  return segment;
}
