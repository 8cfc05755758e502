// esbuild plugin: the app's copy of the compiled bundle (src/generated/survey.json) without what only
// the server reads. The cancellation policies reach the page with the user context (get-context
// names the customer's own), so the first screen does not carry every country's rules; an experiment's
// variant is the server's to choose, so the page carries no experiment.
import { readFile } from 'node:fs/promises';

/** The keys of the compiled bundle the app never reads. */
export const SERVER_ONLY_KEYS = ['policies'];
/**
 * What the server hands each customer or keeps for its records, and the app never reads either: the
 * experiments (get-context names the customer's variant) and the commit the survey was compiled from
 * (the server records it beside each survey version; in the app it would change the code's hash on every commit).
 */
export const SERVER_RECORD_KEYS = ['experiments', 'commit'];

/**
 * The members of a compiled survey only the tools and the server read: the YAML file it came from and
 * its named limits (compiled into each field's schema, which the page validates with).
 */
export const SURVEY_SERVER_KEYS = ['source', 'limits'];

/** @returns {import('esbuild').Plugin} */
export function appBundlePlugin() {
  return {
    name: 'app-bundle',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]generated[\\/]survey\.json$/ }, async (args) => {
        const bundle = JSON.parse(await readFile(args.path, 'utf8'));
        for (const key of [...SERVER_ONLY_KEYS, ...SERVER_RECORD_KEYS]) delete bundle[key];
        for (const survey of Object.values(bundle.surveys)) for (const key of SURVEY_SERVER_KEYS) delete survey[key];
        return { contents: JSON.stringify(bundle), loader: 'json' };
      });
    },
  };
}
