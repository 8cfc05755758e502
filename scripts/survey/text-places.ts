import { join } from 'node:path';
import { loadYamlFile } from './load-yaml';
import { yamlTexts } from './yaml-texts';

/** Where a survey text is written: its YAML file (as given, relative to the root) and 1-based line. */
export interface TextPlace {
  file: string;
  line: number;
}

/**
 * Every customer-visible text of the given YAML files (paths relative to `root`), with each place it is
 * written, in the order of the files and then of the lines. A file that does not parse adds nothing:
 * the checker has already said why.
 */
export async function textPlaces(root: string, files: readonly string[]): Promise<Map<string, TextPlace[]>> {
  const places = new Map<string, TextPlace[]>();
  for (const file of files) {
    const yaml = await loadYamlFile(join(root, file));
    if (yaml.problems.length > 0) continue;
    for (const { text, path } of yamlTexts(yaml.data)) {
      const place = { file, line: yaml.locate(path).line };
      places.set(text, [...(places.get(text) ?? []), place]);
    }
  }
  return places;
}
