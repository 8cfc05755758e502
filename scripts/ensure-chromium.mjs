// Makes sure the Debian Chromium the end-to-end tests drive is installed (playwright.config.ts
// points at /usr/bin/chromium: Playwright's own browser downloads are not available here).
// Installs the `chromium` package with apt-get only when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

console.log(`ensure-chromium: ${CHROMIUM} is missing; installing the Debian chromium package`);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const run = (args) => execFileSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
} catch {
  console.error(`ensure-chromium: could not install chromium; install it so that ${CHROMIUM} exists (apt-get install chromium)`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: the chromium package did not provide ${CHROMIUM}`);
  process.exit(1);
}
