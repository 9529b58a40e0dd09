/** The three ways `svc-connector qa` prints findings. */
import type { Finding, QaReport } from './types.ts';

export type OutputFormat = 'text' | 'github' | 'json';

/** Exactly `{"findings":[…]}` with each finding's fields in the documented order. */
export function toJson(report: QaReport): string {
  const findings = report.findings.map(({ path, line, column, key, lang, rule, severity, message }) => ({
    path,
    line,
    column,
    key,
    lang,
    rule,
    severity,
    message,
  }));
  return `${JSON.stringify({ findings })}\n`;
}

/** Workflow-command escaping: data escapes `%`, CR, LF; properties also `:` and `,`. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands: each finding becomes an annotation on the file's line. */
export function toGithub(report: QaReport): string {
  return report.findings
    .map((f) => {
      const title = property(`${f.rule} (${f.lang})`);
      const where = `file=${property(f.path)},line=${f.line},col=${f.column},title=${title}`;
      const message = f.key ? `${f.message} [${oneLine(f.key)}]` : f.message;
      return `::${f.severity} ${where}::${data(message)}\n`;
    })
    .join('');
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function summary(report: QaReport): string {
  const by = (s: Finding['severity']) => report.findings.filter((f) => f.severity === s).length;
  return `${count(by('error'), 'error')}, ${count(by('warning'), 'warning')}, ${count(by('notice'), 'notice')} in ${count(report.files, 'target file')} (${count(report.units, 'unit')} checked)`;
}

/** Keys may hold line breaks (PO msgids) and msgctxt's U+0004: one finding stays one line. */
const oneLine = (s: string) =>
  s.replace(/[\u0000-\u001f]/g, (c) =>
    c === '\n'
      ? '\\n'
      : c === '\r'
        ? '\\r'
        : c === '\t'
          ? '\\t'
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** `path:line:col: severity rule: message [lang key]`, then a summary line. */
export function toText(report: QaReport): string {
  const lines = report.findings.map(
    (f) =>
      `${f.path}:${f.line}:${f.column}: ${f.severity} ${f.rule}: ${oneLine(f.message)} [${f.lang}${f.key ? ` ${oneLine(f.key)}` : ''}]`,
  );
  return `${[...lines, summary(report)].join('\n')}\n`;
}

const RENDERERS: Record<OutputFormat, (report: QaReport) => string> = {
  text: toText,
  github: toGithub,
  json: toJson,
};

export function render(report: QaReport, output: OutputFormat): string {
  return RENDERERS[output](report);
}
