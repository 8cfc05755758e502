// Makes sure the browser tests and the bench have what they drive: Debian's Chromium
// (playwright.config.ts points at /usr/bin/chromium: Playwright's own browser downloads are not
// available here) and fonts for Chinese, Japanese and Korean, without which the screenshots of
// those languages show empty boxes instead of text. Installs only what is missing, with apt-get.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** Whether fontconfig knows a font for a language (false when fontconfig is not there at all). */
function hasFontFor(language) {
  try {
    return execFileSync('fc-list', [`:lang=${language}`, 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

const needs = [
  { package: 'chromium', present: () => existsSync(CHROMIUM), what: CHROMIUM },
  { package: 'fonts-noto-cjk', present: () => ['ja', 'ko', 'zh-cn'].every(hasFontFor), what: 'fonts for ja, ko and zh' },
];

const missing = needs.filter((need) => !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.map((need) => need.package);
console.log(`ensure-browser: ${missing.map((need) => need.what).join(' and ')} missing; installing the Debian packages ${packages.join(', ')}`);
try {
  aptInstall(packages);
} catch {
  console.error(`ensure-browser: could not install ${packages.join(', ')}; install them with apt-get install ${packages.join(' ')}`);
  process.exit(1);
}
const stillMissing = missing.filter((need) => !need.present());
if (stillMissing.length > 0) {
  console.error(`ensure-browser: still missing after the install: ${stillMissing.map((need) => need.what).join(', ')}`);
  process.exit(1);
}
