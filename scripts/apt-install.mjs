// Installs Debian packages the tests need, with apt-get (as root, else through sudo). The package
// lists are fetched once for several installs in a row: `npm test` installs the browser's packages
// and PostgreSQL one after the other, and the second need not wait for a second `apt-get update`.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

const LISTS = '/var/lib/apt/lists';
/** Lists fetched this recently are fresh enough for the next install. */
const FRESH_MS = 30 * 60 * 1000;

function listsAreFresh() {
  try {
    return Date.now() - statSync(LISTS).mtimeMs < FRESH_MS;
  } catch {
    return false;
  }
}

/** Installs `packages` with apt-get; throws when it fails. The `setup` shell commands run before the install (as root too). */
export function aptInstall(packages, { setup = [] } = {}) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (args) =>
    execFileSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (!listsAreFresh()) run(['apt-get', 'update']);
  for (const command of setup) run(['sh', '-c', command]);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}
