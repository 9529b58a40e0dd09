/**
 * The workbench's only stylesheet and script, inlined into every page under the response's CSP
 * nonce: no external assets, no build step. The pages work without the script; it adds
 * Ctrl+Enter (confirm and move on) and the "Use" buttons of TM matches and MT suggestions.
 */

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
.context { margin: .5rem 0 0; padding-top: .4rem; border-top: 1px dashed var(--line); }
.context dl.placeholders { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .3rem 0; }
.context dl.placeholders dd { margin: 0; }
.context .platform-notes { margin: .3rem 0; padding-left: 1.2rem; }
.note-form { display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap; }
.note-form textarea { flex: 1 1 20rem; min-height: 2.4rem; }
.stages { display: flex; flex-wrap: wrap; gap: .25rem 2rem; padding-left: 0; list-style-position: inside; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dd { margin: 0; }
dt { font-weight: 600; }
.stages [aria-current] { font-weight: 700; }
.toolbar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 1rem 0; }
.toolbar form { margin: 0; }
ol.segments { list-style: none; padding: 0; }
li.segment { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .8rem; padding: .8rem; }
li.segment.open { border-left: 4px solid var(--warn); }
li.segment.signed-off { border-left: 4px solid var(--ok); }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 48rem) { .pair { grid-template-columns: 1fr; } }
.source-text { white-space: pre-wrap; margin: .2rem 0; padding: .4rem; background: #f2f2f7; border-radius: 4px; }
.label { font-weight: 600; display: block; }
.qa { color: var(--warn); margin: .4rem 0; }
.suggestions { margin: .4rem 0; padding-left: 1.2rem; }
.suggestions .text { white-space: pre-wrap; }
.actions { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
.badge { font-size: .85rem; padding: 0 .4rem; border-radius: 3px; background: #e5e5ea; }
`;

export const SCRIPT = `
document.addEventListener('keydown', function (event) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
  var form = event.target.closest && event.target.closest('form.segment-form');
  if (!form) return;
  var confirm = form.querySelector('button[name="action"][value="confirm"]');
  if (!confirm || confirm.disabled) return;
  event.preventDefault();
  form.requestSubmit(confirm);
});
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-fill]');
  if (!button) return;
  var fill = JSON.parse(button.getAttribute('data-fill'));
  var first = null;
  for (var id in fill) {
    var field = document.getElementById(id);
    if (!field || field.readOnly) continue;
    field.value = fill[id];
    if (field.hasAttribute('data-max-length')) countLength(field);
    first = first || field;
  }
  if (first) first.focus();
});

function countLength(field) {
  var out = document.querySelector('[data-count-for="' + field.id + '"]');
  if (!out) return;
  var max = Number(field.getAttribute('data-max-length'));
  var n = Array.from(field.value).length;
  out.textContent = ' (' + n + ' of ' + max + (n > max ? ', too long' : '') + ')';
  out.classList.toggle('over', n > max);
}
document.querySelectorAll('textarea[data-max-length]').forEach(countLength);
document.addEventListener('input', function (event) {
  if (event.target.matches && event.target.matches('textarea[data-max-length]')) countLength(event.target);
});
`;
