import type { YamlPath } from './load-yaml';
import { asBlock, asList, named, text } from './read-helpers';
import type { Named } from './survey-def';

/** One toolkit page of toolkits.yaml, read leniently, with the path of each name. */
export interface ToolkitDef {
  path: YamlPath;
  route?: Named;
  toolkit?: Named;
  name?: string;
  api?: string;
  confirm?: string;
  survey?: Named;
  access?: Named;
  labelPrefix?: string;
  appName?: string;
}

export interface RedirectDef {
  from?: Named;
  to?: Named;
}

export interface ToolkitsDef {
  toolkits: ToolkitDef[];
  redirects: RedirectDef[];
}

/** Reads toolkits.yaml data leniently; parts that are not well-formed are left out. */
export function readToolkits(data: unknown): ToolkitsDef {
  const root = asBlock(data) ?? {};
  const toolkits = asList(root.toolkits).flatMap((value, index): ToolkitDef[] => {
    const block = asBlock(value);
    if (!block) return [];
    const path = ['toolkits', index];
    return [
      {
        path,
        route: named(block, 'route', path),
        toolkit: named(block, 'toolkit', path),
        name: text(block.name),
        api: text(block.api),
        confirm: text(block.confirm),
        survey: named(block, 'survey', path),
        access: named(block, 'access', path),
        labelPrefix: text(block.labelPrefix),
        appName: text(block.appName),
      },
    ];
  });
  const redirects = asList(root.redirects).flatMap((value, index): RedirectDef[] => {
    const block = asBlock(value);
    const path = ['redirects', index];
    return block ? [{ from: named(block, 'from', path), to: named(block, 'to', path) }] : [];
  });
  return { toolkits, redirects };
}
