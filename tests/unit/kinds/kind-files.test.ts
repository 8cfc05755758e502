// A new kind of step is six hand-written files. This test names them and holds the code to it: every
// kind has its module on each side, and no other hand-written source names the two kinds added last.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_SIDES, schemaStepTypes, SCHEMA_FILE } from '../../../scripts/kinds/kind-tables';

const ROOT = process.cwd();

/** The module of `kind` in a kinds folder (the renderer's may hold JSX). */
const moduleIn = (folder: string, kind: string): string => [`${folder}/${kind}.ts`, `${folder}/${kind}.tsx`].find((file) => existsSync(file)) ?? `${folder}/${kind}.ts`;

/** The files a kind of step is: what adding one touches (docs/architecture.md, "Adding a kind of step"). */
function kindFiles(kind: string): string[] {
  return [
    // Its `type` and its keys in the authoring format.
    SCHEMA_FILE,
    // Its compiled step, a member of CompiledStep.
    'src/model/survey.ts',
    // Its sides: the checker and compiler, the engine, the renderer, the browser driver.
    ...KIND_SIDES.map((side) => moduleIn(side.folder, kind)),
  ];
}

/**
 * The hand-written files a new kind could have to touch: the code, the schemas and the browser
 * driver. Tests of a kind, example surveys, documents and the catalogs' translations are left out,
 * and so is what the build writes (src/generated/, the kinds' tables).
 */
function handWrittenSources(): string[] {
  const underFolders = ['src', 'scripts', 'schemas', 'tests/e2e/support'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file.split(sep).join('/')}`),
  );
  const atRoot = readdirSync('.').filter((file) => statSync(file).isFile());
  return [...underFolders, ...atRoot].filter(
    (file) =>
      /\.(ts|tsx|mjs|js|json|css)$/.test(file) &&
      !file.startsWith('src/generated/') &&
      !file.endsWith('.generated.ts') &&
      !file.endsWith('package-lock.json'),
  );
}

/** Whether `source` names the kind: its type as a string, a table's key, or a name its modules export. */
function namesKind(source: string, kind: string): boolean {
  const title = kind[0]?.toUpperCase() + kind.slice(1);
  const patterns = [
    new RegExp(`['"\`]${kind}['"\`]`),
    new RegExp(`^\\s*${kind}:`, 'm'),
    new RegExp(`\\b(${kind}(Kind|Driver|Renderer)|${title}(Step|StepDef|StepField|Data))\\b`),
  ];
  return patterns.some((pattern) => pattern.test(source));
}

describe('a kind of step', () => {
  it('has its module on every side', () => {
    for (const kind of schemaStepTypes(ROOT)) {
      for (const file of kindFiles(kind)) expect(existsSync(file), `${kind}: ${file}`).toBe(true);
    }
  });

  it('is six files, and only they name the kinds added last', () => {
    const sources = handWrittenSources();
    expect(sources.length).toBeGreaterThan(100);
    for (const kind of ['rating', 'multi']) {
      const files = kindFiles(kind);
      expect(files).toHaveLength(6);
      const naming = sources.filter((file) => namesKind(readFileSync(file, 'utf8'), kind));
      expect(naming.sort(), kind).toEqual([...files].sort());
    }
  });
});
