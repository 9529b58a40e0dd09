/** A TMX 1.4 document holding `units` as (source, target) pairs, text escaped. */
export function tmxOf(
  units: readonly (readonly [string, string])[],
  languages: { source: string; target: string } = { source: 'en', target: 'de' },
): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const tu = ([source, target]: readonly [string, string]) =>
    `    <tu><tuv xml:lang="${languages.source}"><seg>${esc(source)}</seg></tuv><tuv xml:lang="${languages.target}"><seg>${esc(target)}</seg></tuv></tu>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="test" creationtoolversion="1" segtype="sentence" o-tmf="test" adminlang="en" srclang="${languages.source}" datatype="plaintext"/>
  <body>
${units.map(tu).join('\n')}
  </body>
</tmx>
`;
}
