import { basename } from 'node:path';

/** Which authoring format a YAML file is written in. */
export type FileKind = 'survey' | 'toolkits' | 'provider' | 'policies' | 'experiments';

/**
 * Decides a file's format by its name, as schemas/*.schema.json document it:
 * `toolkits.yaml` holds the toolkit pages, `provider.yaml` the provider settings, `policies.yaml` the
 * cancellation policies, `experiments.yaml` the experiments on the surveys, any other name is a survey.
 */
export function fileKind(file: string): FileKind {
  const name = basename(file).replace(/\.ya?ml$/, '');
  if (name === 'toolkits') return 'toolkits';
  if (name === 'provider') return 'provider';
  if (name === 'policies') return 'policies';
  if (name === 'experiments') return 'experiments';
  return 'survey';
}

/** True for the file names the checker reads when given a folder. */
export function isYamlFile(file: string): boolean {
  return /\.ya?ml$/.test(file);
}
