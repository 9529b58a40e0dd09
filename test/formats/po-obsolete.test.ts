/**
 * Issue 34, finding 5: an entry of the template a catalog lacks reaches it — including one the
 * catalog keeps as obsolete (`#~`, msgmerge's way of keeping a dropped entry's translation). Such
 * an entry is revived with the translation people wrote, as msgmerge does; an active entry beside
 * the obsolete one would be a "duplicate message definition" to msgfmt.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { poFormat } from '../../src/formats/po/index.ts';
import { debianTool } from '../support/debian-tool.ts';

const gettext = debianTool('msgfmt', ['--version'], 'gettext');
const bytes = (name: string) => readFileSync(join('test/fixtures/po', name));
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const ID = 'Cannot delete %(name)s';

const edited = (set: Map<string, string>) =>
  text(
    poFormat.edit!(
      bytes('django-admin-ru.po'),
      { source: bytes('django-admin.pot'), set, remove: new Set() },
      { targetLang: 'ru' },
    ),
  );

describe('po: an entry the catalog keeps as obsolete', () => {
  it('is revived with the translation people wrote, where the template puts it; the #~ block leaves', () => {
    const after = edited(new Map([[ID, 'MT: удалить %(name)s']]));
    expect(after).toContain(
      '#: actions.py:61\n#, python-format\nmsgid "Cannot delete %(name)s"\nmsgstr "Не удается удалить %(name)s"\n\n#: options.py:2011',
    );
    expect(after).not.toContain('#~');
    expect(after).not.toContain('MT:');
    // Everything else keeps its bytes; the file still ends as gettext ends it.
    const before = text(bytes('django-admin-ru.po'));
    expect(after.slice(0, after.indexOf('#: actions.py:61'))).toBe(
      before.slice(0, before.indexOf('#: options.py')),
    );
    expect(after.endsWith('msgstr "Выйти"\n')).toBe(true);
    const unit = poFormat.parse(new TextEncoder().encode(after)).find((u) => u.id === ID);
    expect(unit?.target).toBe('Не удается удалить %(name)s');
  });

  it('an obsolete entry without a translation takes the new one', () => {
    const emptied = text(bytes('django-admin-ru.po')).replace(
      '#~ msgstr "Не удается удалить %(name)s"',
      '#~ msgstr ""',
    );
    const after = text(
      poFormat.edit!(
        new TextEncoder().encode(emptied),
        {
          source: bytes('django-admin.pot'),
          set: new Map([[ID, 'Удалить %(name)s нельзя']]),
          remove: new Set(),
        },
        { targetLang: 'ru' },
      ),
    );
    expect(after).toContain('msgid "Cannot delete %(name)s"\nmsgstr "Удалить %(name)s нельзя"\n');
    expect(after).not.toContain('#~');
  });

  it('a draft people left (fuzzy and obsolete) comes back as a draft', () => {
    const draft = text(bytes('django-admin-ru.po')).replace(
      '#, python-format\n#~ msgid "Cannot delete',
      '#, fuzzy, python-format\n#~ msgid "Cannot delete',
    );
    const after = text(
      poFormat.edit!(
        new TextEncoder().encode(draft),
        { source: bytes('django-admin.pot'), set: new Map([[ID, 'x %(name)s']]), remove: new Set() },
        { targetLang: 'ru' },
      ),
    );
    expect(after).toContain(
      '#: actions.py:61\n#, fuzzy, python-format\nmsgid "Cannot delete %(name)s"\nmsgstr "Не удается удалить %(name)s"\n',
    );
    if (gettext.skipped) return;
    const run = spawnSync('msgfmt', ['--check', '--statistics', '-o', '/dev/null', '-'], {
      input: after,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('3 translated messages, 1 fuzzy translation.\n');
  });

  it.skipIf(gettext.skipped)('msgfmt --check accepts the catalog (no duplicate message definition)', () => {
    const run = spawnSync('msgfmt', ['--check', '--statistics', '-o', '/dev/null', '-'], {
      input: edited(new Map([[ID, 'x %(name)s']])),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('4 translated messages.\n');
    expect(run.status).toBe(0);
  });
});
