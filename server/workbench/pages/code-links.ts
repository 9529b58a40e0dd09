/** A segment's code links: the lines of the repository that use its key, at the commit uploaded. */
import type { CodeLink } from '../../../src/api/schemas/file-context.ts';
import type { EditorSegment } from '../../services/workbench/document-view.ts';
import { type Html, html } from '../html.ts';
import type { CardPanel } from './segment.ts';

export const CODE_LINKS_CSS = `
.code-links { margin: 0; padding-left: 1.2rem; font-family: ui-monospace, monospace; font-size: .9rem; }
`;

/** Links open GitHub at the line; only https addresses (the API takes nothing else) become links. */
function link(l: CodeLink): Html {
  const text = `${l.path}:${l.line}`;
  return l.url.startsWith('https://')
    ? html`<a href="${l.url}" target="_blank" rel="noopener noreferrer">${text}</a>`
    : html`${text}`;
}

/** The "Used in code" panel of the card, or none when the key is used nowhere the repository said. */
export function codeLinksPanels(s: EditorSegment): CardPanel[] {
  const found = s.repository?.codeLinks;
  if (!found || found.links.length === 0) return [];
  const more = found.total - found.links.length;
  return [
    {
      id: 'code-links',
      title: 'Used in code',
      body: html`<ul class="code-links">${found.links.map((l) => html`<li>${link(l)}</li>`)}</ul>
${more > 0 ? html`<p class="muted">and ${more} more ${more === 1 ? 'use' : 'uses'}</p>` : ''}`,
    },
  ];
}
