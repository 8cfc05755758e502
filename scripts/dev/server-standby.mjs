// Preloaded (node --import) into the next development server while the current one runs: it imports
// the packages the server bundle imports, which is most of a start-up, then waits. When a rebuild needs
// a new server, one line on stdin lets the bundle run; it reads the compiled survey only then.
// The server stops when stdin closes, so it never outlives npm run dev.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const bundle = process.argv[1];
if (bundle) {
  const source = await readFile(bundle, 'utf8').catch(() => '');
  // The bundle's package imports (esbuild keeps npm packages external): `import x from "fastify";`
  const packages = new Set([...source.matchAll(/^import [^;]*? from "([^".][^"]*)";$/gm)].map((match) => match[1]));
  // Resolved from the bundle's folder, so the server's own imports find them in the module cache.
  const require = createRequire(pathToFileURL(bundle));
  await Promise.all(
    [...packages].map((name) => {
      let url;
      try {
        url = name.startsWith('node:') ? name : pathToFileURL(require.resolve(name)).href;
      } catch {
        return undefined;
      }
      return import(url).catch(() => undefined);
    }),
  );
}
await new Promise((resolve) => {
  process.stdin.once('data', resolve);
  // npm run dev ended without starting this server.
  process.stdin.once('end', () => process.exit(0));
});
// Once started, the server lives as long as npm run dev: when its end of the pipe closes (even if it
// was killed), the server shuts down as on Ctrl-C instead of staying behind.
process.stdin.removeAllListeners('end');
process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
