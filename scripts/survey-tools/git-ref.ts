import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs git in `cwd` and returns its stdout, or undefined when git fails (an unknown ref or path). */
async function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', [...args], { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch {
    return undefined;
  }
}

/** The abbreviated commit a ref names, or undefined when it names no commit. Refs starting with '-' are refused. */
export async function resolveCommit(cwd: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return undefined;
  const commit = await git(cwd, ['rev-parse', '--verify', '--quiet', '--short', `${ref}^{commit}`]);
  return commit?.trim() || undefined;
}

/** The names of the files directly in a folder (relative to `cwd`) at a ref; undefined when it had no such folder. */
export async function listFolderAtRef(cwd: string, ref: string, folder: string): Promise<string[] | undefined> {
  const out = await git(cwd, ['ls-tree', '--name-only', `${ref}:./${folder}`]);
  return out?.split('\n').filter((name) => name !== '');
}

/** A file's content at a ref (path relative to `cwd`); undefined when the file did not exist there. */
export function readFileAtRef(cwd: string, ref: string, path: string): Promise<string | undefined> {
  return git(cwd, ['show', `${ref}:./${path}`]);
}

/**
 * A file's bytes at a ref (path relative to `cwd`); undefined when the file did not exist there. Bytes,
 * not text: the checker decodes a survey file and refuses one that is not UTF-8 (load-yaml.ts).
 */
export async function readBytesAtRef(cwd: string, ref: string, path: string): Promise<Uint8Array | undefined> {
  try {
    const { stdout } = await run('git', ['show', `${ref}:./${path}`], { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' });
    return stdout;
  } catch {
    return undefined;
  }
}
