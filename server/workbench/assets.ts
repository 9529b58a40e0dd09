/**
 * The workbench's only stylesheet and script, inlined into every page under the response's CSP
 * nonce: no external assets, no build step. The pages work without the script (every action is a
 * form button or a link); it (script.ts) adds the keyboard shortcuts, the shortcuts overlay, the
 * full card following the focus, and fills that the browser can undo.
 */
import { CODE_LINKS_CSS } from './pages/code-links.ts';
import { SCREENSHOTS_CSS } from './pages/screenshots.ts';

export const STYLESHEET = `
:root { color-scheme: light; --ink: #1d1d1f; --muted: #555; --line: #c8c8cc; --accent: #0b57d0; --warn: #8a4b00; --bad: #a3001b; --ok: #116329; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: #fafafa; }
header.bar { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: .5rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
header.bar a.home { font-weight: 600; color: var(--ink); text-decoration: none; }
header.bar form { display: inline; margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; }
.skip:focus { left: .5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
button { font: inherit; padding: .35rem .8rem; border: 1px solid var(--line); border-radius: 4px; background: #fff; color: var(--ink); cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button:disabled { opacity: .55; cursor: not-allowed; }
input[type=password], input[type=text], textarea { font: inherit; width: 100%; padding: .4rem; border: 1px solid #8e8e93; border-radius: 4px; background: #fff; }
textarea { min-height: 3.2rem; resize: vertical; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
progress { width: 8rem; vertical-align: middle; }
.notice { padding: .6rem .8rem; border-left: 4px solid var(--accent); background: #eef3fd; }
.notice.problem { border-color: var(--bad); background: #fdeef0; }
.muted { color: var(--muted); }
.over { color: var(--bad); font-weight: 600; }
.stages { display: flex; flex-wrap: wrap; gap: .25rem 2rem; padding-left: 0; list-style-position: inside; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dd { margin: 0; }
dt { font-weight: 600; }
.stages [aria-current] { font-weight: 700; }
.toolbar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 1rem 0; }
.toolbar form { margin: 0; }
.summary { margin: .25rem 0; }
.editor h1 { font-size: 1.4rem; margin: .3rem 0; }
.editor .toolbar { margin: .4rem 0; gap: .6rem 1rem; }
main:has(> .editor) { max-width: 96rem; }
.needs-script { display: none; }
.js .needs-script { display: inline-block; }
html:not(.js) [data-shortcut] kbd { display: none; }
kbd { font: .8em ui-monospace, monospace; padding: 0 .25rem; border: 1px solid var(--line); border-radius: 3px; background: #f6f6f8; color: var(--ink); }
.segment-nav { display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .3rem 0; font-size: .9rem; }
.columns, li.segment .row { display: grid; grid-template-columns: minmax(9rem, 15rem) 1fr 1fr 7.5rem 9.5rem; gap: .2rem .6rem; align-items: start; }
.columns { font-size: .8rem; color: var(--muted); padding: 0 .5rem; }
ol.segments { list-style: none; padding: 0; margin: 0; }
li.segment { background: #fff; border: 1px solid var(--line); border-top: 0; padding: .2rem .5rem; }
li.segment:first-child { border-top: 1px solid var(--line); }
li.segment.open { border-left: 4px solid var(--warn); }
li.segment.signed-off { border-left: 4px solid var(--ok); }
li.segment.expanded { border: 2px solid var(--accent); border-left-width: 4px; padding: .5rem; margin: .3rem 0; border-radius: 4px; }
li.segment .meta { min-width: 0; font-size: .8rem; line-height: 1.3; }
li.segment .key { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--ink); text-decoration: none; }
li.segment .key:hover { text-decoration: underline; }
li.segment .key code { font-size: .8rem; }
li.segment .num { color: var(--muted); }
li.segment .short { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted); }
li.segment .source-text { margin: 0; padding: .2rem .4rem; font-size: .95rem; line-height: 1.35; white-space: pre-wrap; background: #f2f2f7; border-radius: 4px; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
li.segment.expanded .source-text { display: block; }
li.segment .trg .label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
li.segment textarea { field-sizing: content; min-height: 0; max-height: 3.3rem; padding: .15rem .4rem; font-size: .95rem; line-height: 1.35; resize: vertical; display: block; }
li.segment.expanded .trg textarea, li.segment.expanded .plural-grid textarea { min-height: 4.2rem; max-height: 24rem; }
li.segment .plural-grid { grid-column: 2 / 4; display: grid; grid-template-columns: 3.2rem 1fr 1fr; gap: .2rem .6rem; align-items: start; }
li.segment .plural-grid .cat { font-size: .8rem; font-weight: 600; color: var(--muted); padding-top: .2rem; overflow-wrap: anywhere; }
li.segment .state { font-size: .8rem; line-height: 1.3; }
li.segment .state .words { color: var(--muted); white-space: nowrap; }
li.segment .qa-mark { color: var(--warn); }
li.segment .row-actions { display: flex; gap: .3rem; }
li.segment .row-actions button { padding: .1rem .5rem; font-size: .9rem; }
li.segment .card { display: none; }
li.segment.expanded .card { display: block; margin-top: .4rem; border-top: 1px solid var(--line); padding-top: .4rem; }
li.segment .card-more { display: none; }
li.segment.expanded .card-more { display: block; }
details.card-panel > summary { cursor: pointer; }
details.card-panel > summary h3 { display: inline; }
li.segment.expanded .short { display: none; }
li.segment.expanded .key { white-space: normal; overflow-wrap: anywhere; }
/* The full card: actions, QA, details beside placeholders and suggestions, then the panels. */
.card .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.card .actions button, .card .placeholders button, .card .suggestions button { padding: .1rem .5rem; font-size: .9rem; }
.card-main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .2rem 1.5rem; align-items: start; }
.card .details { margin: .3rem 0; font-size: .9rem; grid-template-columns: max-content minmax(0, 1fr); gap: .2rem .8rem; }
.card .pre { white-space: pre-wrap; }
.card .platform-notes { margin: 0 0 .2rem; padding-left: 1.1rem; }
.card .note-field { display: flex; gap: .4rem; align-items: flex-start; }
.card .note-field textarea { flex: 1 1 auto; min-height: 0; max-height: 8rem; padding: .1rem .4rem; font-size: .9rem; }
.card .note-field button { padding: .1rem .5rem; font-size: .9rem; }
.note-form { display: none; }
.card-heading, .card-panel h3 { font-size: .95rem; margin: .4rem 0 .2rem; }
.card .placeholders ul { list-style: none; margin: 0; padding: 0; font-size: .9rem; }
.card .placeholders li { margin: .1rem 0; }
.card .placeholders .meaning { color: var(--muted); }
.card-panels { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: .5rem 1rem; margin-top: .5rem; align-items: start; }
.card-panel { min-width: 0; padding: .1rem .6rem .4rem; border: 1px solid var(--line); border-radius: 4px; font-size: .9rem; }
.card-panel .comment-form textarea { min-height: 3rem; max-height: 12rem; font-size: .9rem; }
@media (max-width: 56rem) { .card-main { grid-template-columns: minmax(0, 1fr); } }
.label { font-weight: 600; display: block; }
.qa { color: var(--warn); margin: .4rem 0; padding: 0; list-style: none; }
.suggestions { margin: .2rem 0; padding-left: 1.6rem; font-size: .95rem; }
.suggestions li { margin: .15rem 0; }
.suggestions .text { white-space: pre-wrap; }
.badge { font-size: .85rem; padding: 0 .4rem; border-radius: 3px; background: #e5e5ea; }
dialog#shortcuts { max-width: 40rem; width: calc(100% - 2rem); max-height: calc(100% - 2rem); border: 1px solid var(--line); border-radius: 6px; padding: 1rem 1.2rem; }
dialog#shortcuts::backdrop { background: rgb(0 0 0 / .35); }
dialog#shortcuts .dialog-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
dialog#shortcuts .dialog-head form { margin: 0; }
dialog#shortcuts h2 { margin: 0; font-size: 1.2rem; }
dialog#shortcuts th, dialog#shortcuts td { padding: .2rem .5rem; }
dialog#shortcuts td:first-child { white-space: nowrap; }
@media (max-width: 56rem) {
  .columns { display: none; }
  li.segment .row { grid-template-columns: 1fr 1fr; }
  li.segment .meta, li.segment .state, li.segment .row-actions, li.segment .plural-grid { grid-column: 1 / 3; }
}
/* History and comments (pages/history.ts, pages/comments.ts) */
ol.versions, ol.comments { list-style: none; padding: 0; margin: .4rem 0; }
ol.versions > li, ol.comments > li { border-bottom: 1px solid var(--line); padding: .3rem 0; }
.version-head, .comment-head { margin: 0; }
.version-text, .comment-body { white-space: pre-wrap; margin: .2rem 0; overflow-wrap: anywhere; }
li.comment.resolved .comment-body { color: var(--muted); }
form.inline { display: inline; margin: 0; }
.badge.comment-marker, .badge.open-badge { background: #fff4e0; color: var(--warn); border: 1px solid var(--warn); }
.badge.current { background: #e6f4ea; color: var(--ok); }
.small-heading { font-size: 1rem; margin: .6rem 0 .2rem; }
.memory-records { margin: .2rem 0; padding-left: 1.2rem; }
.filters a[aria-current] { text-decoration: none; }
td.text, dd.text { white-space: pre-wrap; }
mark { background: #fff1a8; color: inherit; }
mark.term { background: #e6f0ff; border-bottom: 2px dotted var(--accent); position: relative; }
mark.term[data-tip]:hover::after, mark.term[data-tip]:focus::after { content: attr(data-tip); position: absolute; left: 0; top: 100%; z-index: 2; width: max-content; max-width: 24rem; white-space: normal; background: var(--ink); color: #fff; padding: .2rem .5rem; border-radius: 4px; font-size: .85rem; }
.card-panel ul.glossary { margin: 0; padding-left: 1.2rem; }
.card-panel ul.glossary button { margin: .1rem 0 .1rem .3rem; padding: .1rem .5rem; }
.card-panel dl.references { margin: 0; }
.concordance-form { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.concordance-form input[type=search] { font: inherit; flex: 1 1 12rem; padding: .3rem; border: 1px solid #8e8e93; border-radius: 4px; background: #fff; }
.concordance-form select { font: inherit; padding: .25rem; }
ol.concordance { padding-left: 2rem; }
ol.concordance li { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .5rem; padding: .4rem .6rem; }
ol.concordance p { margin: .2rem 0; }
${CODE_LINKS_CSS}${SCREENSHOTS_CSS}`;

export { SCRIPT } from './script.ts';
