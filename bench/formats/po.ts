/** Benchmark input for Gettext PO: a translated catalog; baseline gettext-parser parse + compile. */
import * as gettextParser from 'gettext-parser';
import { poFormat } from '../../src/formats/po/index.ts';
import { fillTo } from '../support/generate.ts';

const HEADER = `msgid ""
msgstr ""
"Project-Id-Version: bench 1.0\\n"
"Language: de\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

`;

function entries(n: number): string {
  return `#. Shown in the toolbar of view ${n}
#: src/views/view${n}.c:${n % 900}
msgid "Open the file browser for project ${n}"
msgstr "Den Dateibrowser für Projekt ${n} öffnen"

#: src/views/view${n}.c:${(n % 900) + 7}
#, c-format
msgid "%d file selected in folder ${n}"
msgid_plural "%d files selected in folder ${n}"
msgstr[0] "%d Datei in Ordner ${n} ausgewählt"
msgstr[1] "%d Dateien in Ordner ${n} ausgewählt"

#: src/views/view${n}.c:${(n % 900) + 12}
msgctxt "tooltip ${n}"
msgid ""
"Drag files here to upload them. Uploads continue in the background while "
"you keep working.\\n"
"Press \\"Escape\\" to cancel."
msgstr ""

`;
}

export const benchFormat = {
  name: 'po',
  format: poFormat,
  /** A German catalog of about `targetBytes` bytes (plurals, contexts, multi-line strings). */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(fillTo(targetBytes, entries, { head: HEADER }));
  },
  /** The naive way: gettext-parser's parse + compile (rewrites the whole file). */
  naive(bytes: Uint8Array): void {
    gettextParser.po.compile(gettextParser.po.parse(Buffer.from(bytes)));
  },
};
