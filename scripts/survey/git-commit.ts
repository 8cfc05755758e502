import { execFileSync } from 'node:child_process';

/** The commit checked out at `root` (12 hex digits), or undefined outside a git checkout or without git. */
export function gitCommit(root: string): string | undefined {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : undefined;
  } catch {
    return undefined;
  }
}
