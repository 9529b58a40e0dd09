/**
 * The workbench's only stylesheet and script, inlined into every page under the response's CSP
 * nonce: no external assets, no build step. The pages work without the script (every action is a
 * form button or a link); it adds the keyboard shortcuts (a registry: see `data-shortcut` below),
 * the shortcuts overlay, the full card following the focus, and fills that the browser can undo.
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
li.segment.expanded textarea { min-height: 4.2rem; max-height: 24rem; }
li.segment .plural-grid { grid-column: 2 / 4; display: grid; grid-template-columns: 3.2rem 1fr 1fr; gap: .2rem .6rem; align-items: start; }
li.segment .plural-grid .cat { font-size: .8rem; font-weight: 600; color: var(--muted); padding-top: .2rem; overflow-wrap: anywhere; }
li.segment .state { font-size: .8rem; line-height: 1.3; }
li.segment .state .words { color: var(--muted); white-space: nowrap; }
li.segment .qa-mark { color: var(--warn); }
li.segment .row-actions { display: flex; gap: .3rem; }
li.segment .row-actions button { padding: .1rem .5rem; font-size: .9rem; }
li.segment .card { display: none; }
li.segment.expanded .card { display: block; margin-top: .5rem; border-top: 1px solid var(--line); padding-top: .4rem; }
.card .details { margin: .3rem 0; font-size: .9rem; }
.card .pre { white-space: pre-wrap; }
.card .placeholders { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin: .4rem 0; }
.card .placeholders .label { display: inline; }
.card .placeholders button, .card .suggestions button, .card .actions button { padding: .1rem .5rem; font-size: .9rem; }
.card-panel { margin: .5rem 0; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 4px; }
.card-panel h3 { margin: 0 0 .3rem; font-size: 1rem; }
.label { font-weight: 600; display: block; }
.qa { color: var(--warn); margin: .4rem 0; }
.suggestions { margin: .4rem 0; padding-left: 1.6rem; }
.suggestions li { margin: .15rem 0; }
.suggestions .text { white-space: pre-wrap; }
.actions { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
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
`;

export const SCRIPT = `
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  /*
   * Keyboard shortcuts, a registry read from the page: ANY element carrying
   * data-shortcut="Alt+G" and data-shortcut-help="Insert the glossary term" is activated by that
   * key (a field gets the focus, anything else is clicked) and listed in the shortcuts overlay (?).
   * Keys are written Ctrl/Alt/Shift in that order, then the key: a letter, a digit (the physical
   * key, so Alt+Shift+1 is not Alt+!), a symbol (?) or a KeyboardEvent.key name (Enter, ArrowDown).
   * Ctrl also matches the Meta key (Cmd on macOS). When several elements carry the same key, the
   * one inside the current segment wins, else the first visible one. Keys without Ctrl or Alt do
   * nothing while the focus is in a text field (typing ? types a question mark).
   */
  function normalize(text) {
    var parts = String(text).split('+');
    var key = parts.pop() || '+';
    var mods = parts.map(function (p) { return p.toLowerCase(); });
    if (key.length === 1) key = key.toUpperCase();
    var symbol = key.length === 1 && !/[A-Z0-9]/.test(key);
    var out = [];
    if (mods.indexOf('ctrl') >= 0 || mods.indexOf('control') >= 0 || mods.indexOf('meta') >= 0) out.push('Ctrl');
    if (mods.indexOf('alt') >= 0) out.push('Alt');
    if (mods.indexOf('shift') >= 0 && !symbol) out.push('Shift');
    out.push(key);
    return out.join('+');
  }
  function eventKey(e) {
    var key = e.key;
    if (/^Digit[0-9]$/.test(e.code)) key = e.code.slice(5);
    else if (/^Numpad[0-9]$/.test(e.code)) key = e.code.slice(6);
    else if (!/^[a-zA-Z]$/.test(key) && /^Key[A-Z]$/.test(e.code)) key = e.code.slice(3);
    var mods = [];
    if (e.ctrlKey || e.metaKey) mods.push('Ctrl');
    if (e.altKey) mods.push('Alt');
    if (e.shiftKey) mods.push('Shift');
    mods.push(key);
    return normalize(mods.join('+'));
  }
  function isTextField(el) {
    return !!el && (el.tagName === 'TEXTAREA' || el.isContentEditable || (el.tagName === 'INPUT' && /^(text|search|email|url|password|number|)$/.test(el.type)));
  }
  function visible(el) { return el.getClientRects().length > 0; }
  function usable(el) { return !el.disabled && !el.closest('[inert]'); }

  var current = null;
  function segmentOf(el) { return el && el.closest ? el.closest('li.segment') : null; }

  function findShortcut(name) {
    var found = [];
    document.querySelectorAll('[data-shortcut]').forEach(function (el) {
      if (normalize(el.getAttribute('data-shortcut')) === name && usable(el)) found.push(el);
    });
    var scope = segmentOf(document.activeElement) || current;
    var inScope = scope && found.filter(function (el) { return scope.contains(el); })[0];
    if (inScope) return inScope;
    return found.filter(function (el) { return visible(el) && !segmentOf(el); })[0];
  }

  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.isComposing || /^(Control|Alt|Shift|Meta)$/.test(e.key)) return;
    var dialog = document.querySelector('dialog[open]');
    if (dialog) return;
    var name = eventKey(e);
    if (isTextField(e.target) && !(e.ctrlKey || e.metaKey || e.altKey)) return;
    var el = findShortcut(name);
    if (!el) return;
    e.preventDefault();
    if (/^(TEXTAREA|INPUT|SELECT)$/.test(el.tagName)) el.focus();
    else el.click();
  });

  /* The shortcuts overlay: lists every data-shortcut of the page, once per key. */
  var opener = null;
  function fillShortcutList(list) {
    var seen = {};
    var entries = [];
    document.querySelectorAll('[data-shortcut]').forEach(function (el) {
      var key = normalize(el.getAttribute('data-shortcut'));
      if (seen[key]) return;
      seen[key] = true;
      var help = el.getAttribute('data-shortcut-help') || el.textContent.trim();
      entries.push({ key: key, help: help, group: help.replace(/[0-9]+/g, '#') });
    });
    // Numbered ones together (suggestion 1, 2, 3…), groups in the order the page first shows them.
    var groups = [];
    entries.forEach(function (e) { if (groups.indexOf(e.group) < 0) groups.push(e.group); });
    entries.sort(function (a, b) { return groups.indexOf(a.group) - groups.indexOf(b.group); });
    list.textContent = '';
    entries.forEach(function (entry) {
      var row = document.createElement('tr');
      var keys = document.createElement('td');
      var kbd = document.createElement('kbd');
      kbd.textContent = entry.key.replace('ArrowUp', '↑').replace('ArrowDown', '↓');
      keys.appendChild(kbd);
      var help = document.createElement('td');
      help.textContent = entry.help;
      row.appendChild(keys);
      row.appendChild(help);
      row.setAttribute('data-key', entry.key);
      list.appendChild(row);
    });
  }
  document.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('[data-opens]');
    if (!button) return;
    var dialog = document.getElementById(button.getAttribute('data-opens'));
    if (!dialog || dialog.open) return;
    opener = document.activeElement && document.activeElement !== document.body ? document.activeElement : button;
    var list = dialog.querySelector('#shortcut-list');
    if (list) fillShortcutList(list);
    dialog.showModal();
  });
  document.querySelectorAll('dialog').forEach(function (dialog) {
    // A modal dialog makes the page inert, but Tab would still leave it for the browser's own UI.
    dialog.addEventListener('keydown', function (e) {
      if (e.key !== 'Tab') return;
      var focusable = Array.prototype.slice
        .call(dialog.querySelectorAll('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'))
        .filter(function (el) { return !el.disabled && visible(el); });
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    });
    dialog.addEventListener('close', function () {
      if (opener && opener.isConnected) opener.focus();
      opener = null;
    });
  });

  /* The focused segment opens as the full card; the row keeps its place on screen. */
  function setCurrent(li) {
    if (current === li) return;
    var before = li.getBoundingClientRect().top;
    document.querySelectorAll('li.segment.expanded').forEach(function (other) {
      if (other !== li) other.classList.remove('expanded');
    });
    document.querySelectorAll('li.segment a.key[aria-current]').forEach(function (a) {
      a.removeAttribute('aria-current');
    });
    li.classList.add('expanded');
    var key = li.querySelector('a.key');
    if (key) key.setAttribute('aria-current', 'true');
    current = li;
    var after = li.getBoundingClientRect().top;
    if (after !== before) window.scrollBy(0, after - before);
    document.querySelectorAll('a[data-nav]').forEach(function (a) {
      var url = new URL(a.href);
      url.searchParams.set('from', li.getAttribute('data-segment'));
      a.href = url.pathname + url.search;
    });
  }
  function fieldsOf(li) { return Array.prototype.slice.call(li.querySelectorAll('textarea')); }
  function focusSegment(li) {
    var field = fieldsOf(li)[0];
    setCurrent(li);
    if (field) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    } else li.querySelector('a.key').focus();
    li.scrollIntoView({ block: 'nearest' });
  }
  // A pointer press focuses first and clicks on release: opening the card (and closing the one
  // above) in between would move the button away from under the pointer, so it waits for the click.
  var pressing = false;
  document.addEventListener('pointerdown', function () { pressing = true; }, true);
  document.addEventListener('keydown', function () { pressing = false; }, true);
  document.addEventListener('pointerup', function () {
    setTimeout(function () {
      pressing = false;
      var li = segmentOf(document.activeElement);
      if (li) setCurrent(li);
    }, 0);
  }, true);
  document.addEventListener('focusin', function (e) {
    var li = segmentOf(e.target);
    if (li && !pressing) setCurrent(li);
    if (e.target.tagName === 'TEXTAREA' && li) li.lastField = e.target;
  });
  var initial = document.querySelector('li.segment.expanded');
  if (initial) current = initial;

  /* Previous/next and "next untranslated/with QA issues" within the page; the server past its ends. */
  document.addEventListener('click', function (e) {
    var link = e.target.closest && e.target.closest('a[data-nav], li.segment a.key');
    if (!link) return;
    if (link.classList.contains('key')) {
      e.preventDefault();
      focusSegment(segmentOf(link));
      return;
    }
    var rows = Array.prototype.slice.call(document.querySelectorAll('li.segment'));
    var at = rows.indexOf(current);
    var to = link.getAttribute('data-nav');
    var target = null;
    if (to === 'previous') target = at > 0 ? rows[at - 1] : null;
    else {
      var after = rows.slice(at + 1);
      if (to === 'next') target = after[0] || null;
      else {
        var attr = to === 'qa' ? 'data-qa' : 'data-untranslated';
        target = after.filter(function (li) { return li.hasAttribute(attr); })[0] || null;
      }
    }
    if (target) {
      e.preventDefault();
      focusSegment(target);
    }
  });

  /*
   * Changing a field's text as typing does, so the browser's own undo (Ctrl+Z) takes it back:
   * execCommand('insertText') goes through the editing history; setRangeText (with an input
   * event) is the fallback where it is not supported.
   */
  function insert(field, text, whole) {
    field.focus();
    if (whole) field.select();
    if (!document.execCommand('insertText', false, text)) {
      var start = whole ? 0 : field.selectionStart;
      var end = whole ? field.value.length : field.selectionEnd;
      field.setRangeText(text, start, end, 'end');
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    }
  }
  function targetField(el) {
    var li = segmentOf(el);
    if (!li) return null;
    var active = document.activeElement;
    if (active && active.tagName === 'TEXTAREA' && li.contains(active)) return active;
    return li.lastField || fieldsOf(li)[0] || null;
  }

  document.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('button');
    if (!button || button.disabled) return;
    var form = button.form;
    if (button.name === 'fill' && form) {
      // "Use" and "Copy source": fill the fields in place instead of posting.
      e.preventDefault();
      var fill = JSON.parse(button.value);
      var first = null;
      Object.keys(fill).forEach(function (name) {
        var field = form.elements[name];
        if (!field || field.readOnly) return;
        if (field.value !== fill[name]) insert(field, fill[name], true);
        first = first || field;
      });
      if (first) first.focus();
    } else if (button.hasAttribute('data-insert')) {
      var field = targetField(button);
      if (field && !field.readOnly) insert(field, button.getAttribute('data-insert'), false);
    } else if (button.type === 'reset' && form) {
      // Revert to saved, undoably.
      e.preventDefault();
      var back = null;
      fieldsOf(form).forEach(function (field) {
        if (field.value !== field.defaultValue) insert(field, field.defaultValue, true);
        back = back || field;
      });
      if (back) back.focus();
    }
  });

  /* Typing keeps "next untranslated" true to the fields. */
  document.addEventListener('input', function (e) {
    var li = segmentOf(e.target);
    if (!li) return;
    var empty = fieldsOf(li).some(function (f) { return f.value === ''; });
    li.toggleAttribute('data-untranslated', empty);
  });
})();
`;
