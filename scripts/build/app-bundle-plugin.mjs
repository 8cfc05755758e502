// esbuild plugin: the app's copy of the compiled bundle (src/generated/survey.json) without what only
// the server reads. The cancellation policies reach the page with the user context (get-context
// names the customer's own), so the first screen does not carry every country's rules; an experiment's
// variant is the server's to choose, so the page carries no experiment.
import { readFile } from 'node:fs/promises';

/** The keys of the compiled bundle the app never reads. */
export const SERVER_ONLY_KEYS = ['policies', 'experiments'];

/** @returns {import('esbuild').Plugin} */
export function appBundlePlugin() {
  return {
    name: 'app-bundle',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]generated[\\/]survey\.json$/ }, async (args) => {
        const bundle = JSON.parse(await readFile(args.path, 'utf8'));
        for (const key of SERVER_ONLY_KEYS) delete bundle[key];
        return { contents: JSON.stringify(bundle), loader: 'json' };
      });
    },
  };
}
