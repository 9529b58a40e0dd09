/**
 * The workbench's only script, inlined into every page under the response's CSP nonce (layout.ts).
 * Plain ES5-style JavaScript in a string: no build step. The pages work without it; it adds the
 * keyboard shortcuts (a registry: see `data-shortcut` below and README.md here), the shortcuts
 * overlay, the full card following the focus, and fills and insertions the browser can undo.
 */

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
    // Ctrl+Enter in a note or comment field sends that form, not the segment's.
    if (name === 'Ctrl+Enter' && e.target.tagName === 'TEXTAREA' && !isTranslation(e.target)) {
      e.preventDefault();
      if (e.target.form && e.target.value.trim() !== '') e.target.form.requestSubmit();
      return;
    }
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
  // The translation's fields only: the card also holds the note and comment fields.
  var TRANSLATION = 'textarea[name="target"], textarea[name^="plural_"]';
  function isTranslation(el) { return !!el && el.matches && el.matches(TRANSLATION); }
  function fieldsOf(li) { return Array.prototype.slice.call(li.querySelectorAll(TRANSLATION)); }
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
    if (isTranslation(e.target) && li) li.lastField = e.target;
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
    // Where the caret is: the translation, or the note or comment being typed.
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

  /* A field with a length limit counts its characters as they are typed (pages/context.ts). */
  function countLength(field) {
    var out = document.querySelector('[data-count-for="' + field.id + '"]');
    if (!out) return;
    var max = Number(field.getAttribute('data-max-length'));
    var n = Array.from(field.value).length;
    out.textContent = ' (' + n + ' of ' + max + (n > max ? ', too long' : '') + ')';
    out.classList.toggle('over', n > max);
  }
  document.querySelectorAll('textarea[data-max-length]').forEach(countLength);
  document.addEventListener('input', function (e) {
    if (e.target.matches && e.target.matches('textarea[data-max-length]')) countLength(e.target);
  });

  /* Typing keeps "next untranslated" true to the fields. */
  document.addEventListener('input', function (e) {
    var li = segmentOf(e.target);
    if (!li || !isTranslation(e.target)) return;
    var empty = fieldsOf(li).some(function (f) { return f.value === ''; });
    li.toggleAttribute('data-untranslated', empty);
  });
})();
`;
