import { type Html, html } from './html.ts';

/**
 * Messages shown after a redirect, chosen by a fixed code in the URL (never text from the URL, so
 * a crafted link cannot make the workbench say something it did not).
 */
const MESSAGES: Record<string, { text: (n: number) => string; problem?: boolean }> = {
  saved: { text: () => 'Segment saved.' },
  'none-previous': { text: () => 'This is the first segment.' },
  'none-next': { text: () => 'This is the last segment.' },
  'none-untranslated': { text: () => 'Every segment of this document has a translation.' },
  'none-qa': { text: () => 'No segment of this document has QA issues.' },
  'note-added': { text: () => 'Note added. Syncs from the repository keep it.' },
  'note-empty': { text: () => 'The note was empty: nothing was added.', problem: true },
  'note-too-long': { text: () => 'A note holds at most 5000 characters: nothing was added.', problem: true },
  confirmed: { text: () => 'Segment confirmed and added to the memory.' },
  'confirmed-all': {
    text: (n) => `${n} segment${n === 1 ? '' : 's'} confirmed and added to the memory.`,
  },
  'changed-since': {
    text: (n) =>
      `${n} segment${n === 1 ? ' was' : 's were'} changed by someone else after this page was opened and ${n === 1 ? 'was' : 'were'} not confirmed: check ${n === 1 ? 'it' : 'them'} below. The rest was confirmed.`,
    problem: true,
  },
  'kept-theirs': { text: () => 'The other person’s text was kept; yours was not saved.' },
  'nothing-to-confirm': { text: () => 'No segment with a translation is waiting for confirmation.' },
  'all-done': { text: () => 'Every segment of this document is confirmed.' },
  empty: {
    text: () => 'A segment needs a translation (every plural form) before it can be confirmed.',
    problem: true,
  },
  locked: {
    text: () => 'This project is done or its job was delivered: segments can no longer be edited.',
    problem: true,
  },
  advanced: { text: () => 'Stage completed.' },
  delivered: { text: () => 'Stage completed. Every project of the job is done: the job was delivered.' },
  unconfirmed: {
    text: (n) =>
      `Translate cannot be completed yet: ${n} segment${n === 1 ? ' is' : 's are'} not confirmed. Confirm every segment first.`,
    problem: true,
  },
  stale: {
    text: () => 'The project had already moved on; nothing was changed. Check its stage below.',
    problem: true,
  },
  importing: {
    text: () => 'The job’s documents are still being imported; try again in a moment.',
    problem: true,
  },
  'import-failed': {
    text: () => 'A document of this job failed to import, so its stages cannot move.',
    problem: true,
  },
  inactive: { text: () => 'The job is no longer active, so its stages cannot move.', problem: true },
  restored: { text: () => 'Earlier version restored. Confirm it when it is right.' },
  'comment-added': { text: () => 'Comment added.' },
  'comment-resolved': { text: () => 'Comment resolved.' },
  'comment-reopened': { text: () => 'Comment reopened.' },
  'signed-out': { text: () => 'You are signed out.' },
  expired: { text: () => 'Your session ended. Sign in again to continue.' },
};

/** The notice for a code from the query string, or nothing for an unknown code. */
export function notice(code: unknown, count: unknown): Html | '' {
  if (typeof code !== 'string') return '';
  const message = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  if (!message) return '';
  const n = Number(count);
  const text = message.text(Number.isSafeInteger(n) && n >= 0 ? n : 0);
  return message.problem
    ? html`<p class="notice problem" role="alert">${text}</p>`
    : html`<p class="notice" role="status">${text}</p>`;
}
