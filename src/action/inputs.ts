import * as core from '@actions/core';
import type { PullRequestOverrides } from '../config/settings.ts';

/** Every input of action.yml, read and checked once (STYLE.md: one validating getInputs()). */
export interface ActionInputs {
  apiUrl: string;
  apiKey: string;
  config: string;
  mode: 'job' | 'instant' | undefined;
  sourceLang: string | undefined;
  targetLangs: string[] | undefined;
  /** YAML list in the shape of the config's `files:`. */
  files: string | undefined;
  due: string | undefined;
  workflowTemplateId: number | undefined;
  domainId: number | undefined;
  wait: boolean;
  githubToken: string | undefined;
  /** A GitHub App whose installation token writes the pull request (its pushes start workflows). */
  githubApp: { appId: string; privateKey: string } | undefined;
  pullRequest: PullRequestOverrides;
  dryRun: boolean;
  /** Folder of screenshots with their manifest, relative to the workspace. */
  screenshots: string | undefined;
  /** The screenshots' keys come from the pseudo text beside each PNG, not a manifest. */
  screenshotsFromPseudo: boolean;
}

/** An input the user set wrong; the message names it. */
export class InputError extends Error {
  override name = 'InputError';
}

const optional = (name: string) => core.getInput(name) || undefined;

function list(name: string): string[] | undefined {
  const raw = optional(name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

function bool(name: string, fallback: boolean): boolean {
  const raw = optional(name)?.trim().toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', 'yes', '1', 'on'].includes(raw)) return true;
  if (['false', 'no', '0', 'off'].includes(raw)) return false;
  throw new InputError(`input ${name}: "${raw}" is not true or false`);
}

function positive(name: string): number | undefined {
  const raw = optional(name)?.trim();
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new InputError(`input ${name}: "${raw}" is not a positive whole number`);
  return Number(raw);
}

function required(name: string): string {
  const value = optional(name)?.trim();
  if (!value) throw new InputError(`input ${name} is required`);
  return value;
}

/** github-app-id and github-app-private-key: both or neither; the key is masked line by line. */
function appInputs(): ActionInputs['githubApp'] {
  const appId = optional('github-app-id')?.trim();
  const privateKey = optional('github-app-private-key');
  if (privateKey) {
    core.setSecret(privateKey);
    for (const line of privateKey.split(/\r?\n|\\n/)) if (line.trim().length > 8) core.setSecret(line.trim());
  }
  if (!appId && !privateKey) return undefined;
  if (!appId || !privateKey)
    throw new InputError(
      `input ${appId ? 'github-app-private-key' : 'github-app-id'} is required with ${appId ? 'github-app-id' : 'github-app-private-key'}: a GitHub App needs both`,
    );
  if (!/^\d+$/.test(appId)) throw new InputError(`input github-app-id: "${appId}" is not a number`);
  return { appId, privateKey };
}

/** `screenshots`: a folder inside the workspace. */
function screenshotsDir(): string | undefined {
  const dir = optional('screenshots')?.trim();
  if (dir === undefined) return undefined;
  const segments = dir.replace(/\/+$/, '').split('/');
  if (dir.startsWith('/') || segments.includes('..'))
    throw new InputError(
      `input screenshots: "${dir}" must be a folder inside the repository (relative, no ..)`,
    );
  return dir;
}

/** Reads the inputs; an invalid one throws InputError naming it. */
export function getInputs(): ActionInputs {
  const apiKey = required('api-key');
  core.setSecret(apiKey);
  const apiUrl = required('api-url');
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))
    throw new InputError(`input api-url: "${apiUrl}" is not an http(s) URL`);
  const mode = optional('mode')?.trim();
  if (mode !== undefined && mode !== 'job' && mode !== 'instant')
    throw new InputError(`input mode: "${mode}" is not job or instant`);
  const githubToken = optional('github-token');
  if (githubToken) core.setSecret(githubToken);
  const githubApp = appInputs();
  const draft = optional('pr-draft') === undefined ? undefined : bool('pr-draft', false);
  const pr: ActionInputs['pullRequest'] = {};
  const set = <K extends keyof ActionInputs['pullRequest']>(
    k: K,
    v: ActionInputs['pullRequest'][K] | undefined,
  ) => {
    if (v !== undefined) pr[k] = v;
  };
  set('branch', optional('pr-branch'));
  set('title', optional('pr-title'));
  set('body', optional('pr-body'));
  set('labels', list('pr-labels'));
  set('reviewers', list('pr-reviewers'));
  set('assignees', list('pr-assignees'));
  set('draft', draft);
  set('commitMessage', optional('commit-message'));
  const screenshots = screenshotsDir();
  const screenshotsFromPseudo = bool('screenshots-from-pseudo', false);
  if (screenshotsFromPseudo && !screenshots)
    throw new InputError(
      'input screenshots-from-pseudo: set screenshots to the folder of PNG files and the pseudo text beside them',
    );
  return {
    apiUrl,
    apiKey,
    config: optional('config') ?? '.svc.yml',
    mode,
    sourceLang: optional('source-lang')?.trim(),
    targetLangs: list('target-langs'),
    files: optional('files'),
    due: optional('due')?.trim(),
    workflowTemplateId: positive('workflow-template-id'),
    domainId: positive('domain-id'),
    wait: bool('wait', false),
    githubToken,
    githubApp,
    pullRequest: pr,
    dryRun: bool('dry-run', false),
    screenshots,
    screenshotsFromPseudo,
  };
}
