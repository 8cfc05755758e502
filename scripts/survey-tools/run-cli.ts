import { pathToFileURL } from 'node:url';

export { invocationDir } from '../survey/invocation-dir';

/**
 * Runs a CLI's `main` when its file is the one node was started with (not when a test imports it),
 * sets the exit status it returns, and reports an unexpected failure with status 2.
 */
export function runWhenMain(moduleUrl: string, name: string, main: (args: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main(process.argv.slice(2)).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
