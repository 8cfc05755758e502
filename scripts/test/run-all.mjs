// `npm test`: every check, one after another, stopping at the first that fails. What the browser and
// PostgreSQL tests need from Debian (Chromium, the CJK fonts, PostgreSQL) is installed in the
// background meanwhile, since on a fresh machine apt-get and dpkg wait on the disk while the checks
// before them keep the cores busy; its output is printed when the first step that needs it begins.
// Lint and the type-check each keep one core busy, so they run side by side, once the build has
// written the generated sources both of them read; the unit tests then run on what the build
// compiled (npm run test:unit compiles the survey first, for a run of its own). The PostgreSQL
// server tests and the PostgreSQL browser smoke flow, each on a throw-away cluster of its own, wait
// on their database much of the time, so they run side by side too.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

/** The checks before the ones that need the installed tools, then those: npm scripts, a list for those run side by side. */
const BEFORE_TOOLS = ['survey:check', 'build', ['lint', 'typecheck'], 'test:vitest'];
const WITH_TOOLS = ['test:e2e', ['test:server:pg', 'test:e2e:pg']];

/** Runs a command; resolves with its exit code (and its output, when it is not shown as it runs). */
function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }));
  });
}

/** Runs one npm script with its output as it comes, or several side by side, each one's output printed whole when it ends. */
async function runStep(scripts) {
  if (!Array.isArray(scripts)) {
    console.log(`\n> npm run ${scripts}`);
    return (await run('npm', ['run', '-s', scripts])).code;
  }
  let failed = 0;
  await Promise.all(
    scripts.map(async (script) => {
      const { code, output } = await run('npm', ['run', '-s', script], { quiet: true });
      process.stdout.write(`\n> npm run ${script}\n${output}`);
      if (failed === 0) failed = code;
    }),
  );
  return failed;
}

/** Runs the steps in order; the exit code of the first that fails, else 0. */
async function runSteps(steps) {
  for (const step of steps) {
    const code = await runStep(step);
    if (code !== 0) return code;
  }
  return 0;
}

const tools = run('sh', ['-c', 'node scripts/ensure-browser.mjs && node scripts/pg/ensure-postgres.mjs'], { quiet: true });

let failed = await runSteps(BEFORE_TOOLS);
// An install is never cut short (a killed apt-get can leave dpkg half done): a failure waits for it too.
const installed = await tools;
if (installed.output.trim() !== '') process.stdout.write(`\n> the tools of the browser and PostgreSQL tests\n${installed.output}`);
if (failed === 0) failed = installed.code;
if (failed === 0) failed = await runSteps(WITH_TOOLS);
process.exit(failed);
