/**
 * A segment's screenshots, each with the key's box drawn. The box is an SVG rectangle over the
 * image in the image's own pixel coordinates (`viewBox` = the image's size), so it scales with
 * the image; the CSP allows no inline style attributes, and SVG geometry attributes need none.
 */
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import type { ScreenshotOfKey } from '../../store/file-context.ts';
import { type Html, html } from '../html.ts';
import type { CardPanel } from './segment.ts';

export const SCREENSHOTS_CSS = `
.shots { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .8rem; }
.shot { margin: 0; max-width: 100%; }
.shot-frame { position: relative; display: inline-block; max-width: min(100%, 36rem); border: 1px solid var(--line); }
.shot-frame img { display: block; max-width: 100%; height: auto; }
.shot-frame svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.shot-frame rect { fill: none; stroke: #d70022; stroke-width: 3px; }
.shot figcaption { font-size: .9rem; color: var(--muted); }
`;

/** The name without the folder the tool stores screenshots under. */
const shown = (name: string) => name.replace(/^screenshots\//, '');

function figure(s: ScreenshotOfKey): Html {
  const { box } = s.key;
  const name = shown(s.name);
  return html`<li><figure class="shot">
<div class="shot-frame"><img src="/workbench/screenshots/${s.fileId}" width="${s.width}" height="${s.height}" loading="lazy" alt="Screenshot ${name}${box ? ', the string outlined in red' : ''}">${
    box
      ? html`<svg viewBox="0 0 ${s.width} ${s.height}" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="key-box" x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" vector-effect="non-scaling-stroke"/></svg>`
      : ''
  }</div>
<figcaption>${name}${box ? '' : ' (where on screen is not marked)'}</figcaption>
</figure></li>`;
}

/** The "Screenshots" panel of the card, or none when no screenshot shows the key. */
export function screenshotPanels(s: EditorSegment): CardPanel[] {
  const r = s.repository;
  if (!r || r.screenshots.length === 0) return [];
  return [
    {
      id: 'screenshots',
      title: 'Screenshots',
      body: html`<ul class="shots">${r.screenshots.map(figure)}</ul>
${r.moreScreenshots > 0 ? html`<p class="muted">and ${r.moreScreenshots} more</p>` : ''}`,
    },
  ];
}
