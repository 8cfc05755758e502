/** The folder the user ran the command in: npm runs scripts in the project root and says where in INIT_CWD. */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}
