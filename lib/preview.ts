import { getEnv, isPreview, type Env } from '@/lib/env';

/** What a preview deployment's banner names: the preview (pull request, branch) and the commit it runs. */
export interface PreviewInfo {
  label: string;
  /** Short commit id, when known. */
  commit?: string;
}

const LABEL_MAX = 80;
const COMMIT_TEXT = /^[\w.-]{1,64}$/;

/** Control characters never reach the page, and a long branch name from CI is cut rather than refused. */
function cleanLabel(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean.length > LABEL_MAX ? `${clean.slice(0, LABEL_MAX - 1)}…` : clean;
}

/** A full hexadecimal commit id is shown as git's short form; anything else as given. */
function shortCommit(commit: string): string {
  return /^[0-9a-f]{12,}$/i.test(commit) ? commit.slice(0, 7) : commit;
}

/** The preview this deployment is, or undefined outside preview mode. Explicit PREVIEW_* wins over CI's names. */
export function previewInfo(env: Env = getEnv()): PreviewInfo | undefined {
  if (!isPreview(env)) return undefined;
  const label =
    cleanLabel(env.PREVIEW_LABEL || env.GITHUB_HEAD_REF || env.CI_COMMIT_REF_NAME || '') || 'preview';
  const commit = [env.PREVIEW_COMMIT, env.GITHUB_SHA, env.CI_COMMIT_SHA]
    .find((c) => c && COMMIT_TEXT.test(c.trim()))
    ?.trim();
  return commit ? { label, commit: shortCommit(commit) } : { label };
}

/** The X-Robots-Tag every response of a preview carries (its address is temporary, its data demo data), else undefined. */
export function previewRobotsTag(env: Env = getEnv()): string | undefined {
  return isPreview(env) ? 'noindex, nofollow' : undefined;
}
