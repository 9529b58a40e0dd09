// Plain JavaScript that any Node.js can parse: it runs before anything needs Node 24.

/** The oldest Node.js major the CLI runs on (package.json `engines`: type stripping, `import.meta.main`). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * One line saying which Node.js the CLI needs and which it found, or undefined when `version`
 * (`process.versions.node`, e.g. "20.20.2") is new enough.
 * @param {string} version
 * @param {string} [execPath]
 * @returns {string | undefined}
 */
export function nodeTooOld(version, execPath) {
  const major = Number.parseInt(version, 10);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  const where = execPath ? ` (${execPath})` : '';
  return `svc-connector needs Node.js ${REQUIRED_NODE_MAJOR} or later; found Node.js ${version}${where}`;
}
