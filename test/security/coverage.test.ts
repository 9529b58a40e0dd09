import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The security review's index. Concerns already covered elsewhere are listed here with the test
 * files and test names that cover them, so deleting or renaming one of those tests fails this
 * file instead of silently dropping a check. The gaps have their own files in test/security/.
 *
 * | concern                            | where                                                      |
 * |------------------------------------|------------------------------------------------------------|
 * | timing-safe comparisons            | timing-safe.test.ts; workbench/cookies-csrf; webhooks/verify |
 * | no secrets in logs                 | secrets-in-logs.test.ts                                    |
 * | SSRF on webhookUrl                 | ssrf.test.ts; server/webhooks-ssrf, webhooks-delivery      |
 * | XXE and entity expansion           | xml-entities.test.ts; formats/xml, importers/security      |
 * | zip bombs and zip-slip             | api/zip, api/client-jobs, receiver/collect-job             |
 * | path traversal in file names       | path-traversal.test.ts; config/path-safety                 |
 * | header injection                   | header-injection.test.ts; server/bad-input                 |
 * | oversized headers, bodies          | oversized-headers.test.ts; server/bad-input, front-door    |
 * | slow-loris                         | slow-loris.test.ts                                         |
 * | CORS closed by default             | cors.test.ts                                               |
 */
const ROOT = join(import.meta.dirname, '../..');

const COVERED: [concern: string, file: string, tests: string[]][] = [
  [
    'XXE and billion laughs in the XML tokenizer of the file formats',
    'test/formats/xml.test.ts',
    [
      'refuses billion laughs at the DOCTYPE',
      'never reads an external entity (XXE)',
      'refuses parameter entities',
    ],
  ],
  [
    'XXE, billion laughs and deep nesting in the memory importers',
    'test/server/engine/importers/security.test.ts',
    [
      'refuses billion laughs without expanding anything',
      'refuses an external entity (XXE)',
      'refuses inline markup nested absurdly deep',
      'refuses a file beyond maxBytes while streaming',
    ],
  ],
  [
    'a malicious XLIFF handed to merge',
    'test/formats/exchange.test.ts',
    ['refuses a malicious XLIFF (billion laughs)'],
  ],
  [
    'zip-slip names and zip bombs in the client’s zip reader',
    'test/api/zip.test.ts',
    [
      '(zip-slip)',
      'stops a zip bomb that lies about its size',
      'stops a bomb with no declared size',
      'enforces the total size and the number of entries',
    ],
  ],
  [
    'downloadJobZip: unsafe names never reach a zip, size limit enforced',
    'test/api/client-jobs.test.ts',
    ['a name that climbs out of its folder never reaches a zip'],
  ],
  [
    'receiver placement of a hostile job zip',
    'test/receiver/collect-job.test.ts',
    [
      'refuses a zip whose entry climbs out with ../ and places nothing',
      "skips entries that are not the job's files",
    ],
  ],
  [
    'receiver writes only config-made paths inside the repository',
    'test/config/path-safety.test.ts',
    ['translationPath never leaves the repository', 'unsafe names are never sources'],
  ],
  [
    'SSRF: address classes, schemes, metadata names, resolved addresses',
    'test/server/webhooks-ssrf.test.ts',
    [
      'always refuses metadata and link-local hosts',
      'sees through alternative IPv4 spellings',
      'refuses a host when any of its addresses is forbidden',
    ],
  ],
  [
    'SSRF at delivery: redirects, the checked address, rebinding to metadata',
    'test/server/webhooks-delivery.test.ts',
    [
      'does not follow redirects',
      'connects to the address the guard checked',
      'refuses at delivery time a hostname resolving to a metadata address',
      'refuses a hostname that resolves to loopback and sends nothing',
    ],
  ],
  [
    'webhook signature verification: wrong secret, tampering, replays',
    'test/webhooks/verify.test.ts',
    [
      'refuses a message signed only with a secret the receiver does not hold',
      'refuses a tampered body',
      'refuses an older message (a replay)',
    ],
  ],
  [
    'workbench CSRF tokens and cookie attributes',
    'test/workbench/cookies-csrf.test.ts',
    [
      'sets HttpOnly, SameSite=Strict',
      'refuses a value that could smuggle attributes',
      'match only the same token',
    ],
  ],
  [
    'workbench CSRF on every POST, escaping, CSP',
    'test/workbench/security.test.ts',
    [
      'refuses every POST without the session’s CSRF token',
      'a CSRF token of another session does not work',
      'renders a source segment holding <script> as text',
    ],
  ],
  [
    'request ids and request bodies over the limit on the platform',
    'test/server/bad-input.test.ts',
    ['carries a safe caller-given x-request-id and replaces an unsafe one', 'larger than the limit'],
  ],
  [
    'request bodies over the limit on the receiver',
    'test/receiver/front-door.test.ts',
    ['answers 413 to a body over the limit'],
  ],
  [
    'another organization’s resources stay invisible',
    'test/server/tenant-isolation.test.ts',
    ['every authenticated route of the OpenAPI document has a row here', 'organization A sees nothing of B'],
  ],
];

const OWN_FILES = [
  'cors.test.ts',
  'header-injection.test.ts',
  'oversized-headers.test.ts',
  'path-traversal.test.ts',
  'secrets-in-logs.test.ts',
  'slow-loris.test.ts',
  'ssrf.test.ts',
  'timing-safe.test.ts',
  'xml-entities.test.ts',
];

describe('security review: concerns covered by tests elsewhere', () => {
  it.each(COVERED)('%s (%s)', (_concern, file, tests) => {
    const path = join(ROOT, file);
    expect(existsSync(path), `${file} is gone`).toBe(true);
    const source = readFileSync(path, 'utf8');
    for (const name of tests) expect(source, `${file} no longer has the test "${name}"`).toContain(name);
  });

  it.each(OWN_FILES)('test/security/%s is still here', (file) => {
    expect(existsSync(join(import.meta.dirname, file))).toBe(true);
  });
});
