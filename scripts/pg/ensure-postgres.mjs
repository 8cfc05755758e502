// Makes sure the PostgreSQL server binaries are here (initdb, pg_ctl, postgres): the PostgreSQL
// server tests and `npm run start:cluster` start a throw-away cluster with them. Installs Debian's
// `postgresql` package with apt-get when they are missing, as scripts/ensure-browser.mjs does for
// Chromium. Run as a script, or import postgresBinDir() for the directory of the binaries.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from '../apt-install.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The bin directory of the newest PostgreSQL under /usr/lib/postgresql, or undefined. */
export function findPostgresBinDir() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? undefined : join(DEBIAN_ROOT, versions[0], 'bin');
}

/** The bin directory of PostgreSQL, installing Debian's package first when there is none. */
export function postgresBinDir() {
  const found = findPostgresBinDir();
  if (found !== undefined) return found;
  console.log('ensure-postgres: no PostgreSQL server under /usr/lib/postgresql; installing the Debian package postgresql');
  try {
    // The package's own cluster is not used (the tests start their own), so none is created.
    aptInstall(['postgresql'], {
      setup: ['mkdir -p /etc/postgresql-common/createcluster.d && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/no-main-cluster.conf'],
    });
  } catch {
    throw new Error('ensure-postgres: could not install postgresql; install it with apt-get install postgresql');
  }
  const installed = findPostgresBinDir();
  if (installed === undefined) throw new Error('ensure-postgres: postgresql was installed but no initdb is under /usr/lib/postgresql');
  return installed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(`ensure-postgres: ${postgresBinDir()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
