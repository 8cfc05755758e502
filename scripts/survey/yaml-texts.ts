import type { YamlPath } from './load-yaml';

/** The keys whose string values a customer reads; everything else (ids, `next`, `limit`…) is not translated. */
const TEXT_KEYS = new Set(['heading', 'question', 'text', 'label', 'placeholder', 'notice', 'submit', 'body', 'accept', 'decline', 'name']);

/** A customer-visible text of a survey, toolkits or policies file, and its path in the YAML. */
export interface YamlText {
  text: string;
  path: YamlPath;
}

/**
 * Every customer-visible text of the data of a survey, toolkits or policies file, in file order: what the
 * translation check looks up in the catalogs, and where a catalog entry says its text comes from. (Of
 * policies.yaml, the cancel-now control's `label`, `heading` and `submit`; a policy's `title` is shown
 * on the development pages only.)
 */
export function yamlTexts(data: unknown, path: YamlPath = [], key?: string, out: YamlText[] = []): YamlText[] {
  if (typeof data === 'string') {
    if (key !== undefined && TEXT_KEYS.has(key) && data.trim() !== '') out.push({ text: data, path });
  } else if (Array.isArray(data)) {
    data.forEach((item, index) => yamlTexts(item, [...path, index], key, out));
  } else if (typeof data === 'object' && data !== null) {
    for (const [childKey, value] of Object.entries(data)) {
      // A downgrade's plan names are texts whatever the plan is called.
      const textKey = key === 'planNames' ? 'name' : childKey;
      yamlTexts(value, [...path, childKey], textKey, out);
    }
  }
  return out;
}
