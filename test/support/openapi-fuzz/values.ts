import fc from 'fast-check';

/** About 1 MB: the JSON body limit's size, to probe both sides of it. */
export const HUGE = 1_048_576;

/**
 * Strings that break naive code: NUL, lone surrogates, bidi overrides, combining marks, emoji
 * sequences, byte-order marks, line separators, quotes, paths, templates and number look-alikes.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u202egnp.exe\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\ufeffBOM',
  '\u2028\u2029',
  '\r\n\t',
  'e\u0301\u0308\u0327',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ﷺ𒐫',
  'İıßǅ',
  '"\'\\`',
  "'; DROP TABLE files; --",
  '../../../etc/passwd',
  'C:\\Windows\\win.ini',
  '%00%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the probe
  '${jndi:ldap://x}',
  '{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  ' 12 ',
  '١٢٣',
  '１２',
  '9'.repeat(400),
];

/** Percent-encoded tokens put into URLs as they are: malformed escapes, invalid UTF-8, encoded slashes. */
export const RAW_URL_TOKENS: readonly string[] = [
  '%',
  '%ZZ',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '%00',
  '%2F',
  '..%2F..%2F',
  '%2e%2e',
  '%E2%80%AE',
  '+',
  ';',
];

/** A string with code units of every kind, lone surrogates included. */
export const anyString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );

/** A huge string: about 1 MB of ASCII, or of multi-byte characters (over 1 MB as UTF-8). */
export const hugeString = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    'a'.repeat(HUGE),
    'é'.repeat(HUGE / 2 + 7),
    'x'.repeat(HUGE - 4096),
    '\u0000'.repeat(HUGE / 8),
  );

/**
 * Plausible values by property name, mixed into valid-mode values (only those the property's
 * schema accepts are used), so valid requests often get past the server's own checks: a known
 * language code, a webhook address on loopback, a file name that is a repository path.
 */
export const HINTS: Readonly<Record<string, readonly unknown[]>> = {
  srclang: ['en', 'de', 'fr'],
  trglang: ['de', 'fr', 'ja', 'es'],
  srcLang: ['en', 'de'],
  trgLang: ['de', 'fr', 'ja', 'pt'],
  language: ['en', 'de', 'fr-CA', 'pt_BR', 'es-419'],
  langId: ['en', 'de', 'en-US'],
  srclocale: ['US', 'AT', '419', null],
  trglocale: ['DE', 'CH', null],
  srcLocale: ['US', null],
  trgLocale: ['AT', 'BR', null],
  webhookUrl: ['http://127.0.0.1:9/fuzz', 'https://hooks.example.test/svc', 'http://localhost:1/x'],
  name: ['locales/en/app.json', 'strings.xml', 'fuzz memory', 'release 1.2'],
  labels: ['repo:acme/app', 'repo:acme/app,ref:main', 'fuzz'],
  query: ['Hello world', 'Save changes'],
  source: [
    'Hello {name}, you have <b>3</b> messages',
    'Save',
    'One {count, plural, one {# file} other {# files}}',
  ],
  prefix: ['Hallo'],
  type: ['files'],
  status: ['InProgress', 'ReadyForDownload', 'Failed'],
};

/**
 * Fields that must lie in the future when given (the API key's `expiresAt`): JSON Schema cannot
 * compare a time with the present, so the document says it in words and valid-mode requests
 * carry a future time.
 */
export const FUTURE_TIMES: ReadonlySet<string> = new Set(['expiresAt']);
