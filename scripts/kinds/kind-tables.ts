// The table of step kinds of each side (checker and compiler, engine, renderer, browser driver),
// written from the kinds the authoring schema names, so a new kind is its modules and no list to
// extend. Each table is a `kinds.generated.ts` beside the kinds it imports (not committed) and keeps
// its `satisfies` over every StepType: a side without the kind's module fails the type-check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The one list of kinds: the `type` values a survey step may take in the authoring schema. */
export const SCHEMA_FILE = 'schemas/survey.schema.json';

/** The file each side's table is written to, in its kinds folder. */
export const TABLE_FILE = 'kinds.generated.ts';

/** One side of the kinds: where its modules are, what each exports, and what its table must satisfy. */
export interface KindSide {
  folder: string;
  /** The name a kind's module exports its side of the kind under (`<kind>Kind` for the engine). */
  exportName(kind: string): string;
  table: string;
  /** The type-only imports the table's type needs, relative to the folder. */
  typeImports: string[];
  /** What the table satisfies: one entry for every StepType. */
  satisfies: string;
}

export const KIND_SIDES: readonly KindSide[] = [
  {
    folder: 'scripts/survey/kinds',
    exportName: (kind) => `${kind}Kind`,
    table: 'COMPILER_KINDS',
    typeImports: ["import type { StepType } from '../../../src/model';", "import type { CompilerKind } from './kind';"],
    satisfies: '{ [T in StepType]: CompilerKind<T> }',
  },
  {
    folder: 'src/engine/kinds',
    exportName: (kind) => `${kind}Kind`,
    table: 'ENGINE_KINDS',
    typeImports: ["import type { StepType } from '../../model';", "import type { EngineKind } from './kind';"],
    satisfies: '{ [T in StepType]: EngineKind<T> }',
  },
  {
    folder: 'src/renderer/kinds',
    exportName: (kind) => `${kind}Renderer`,
    table: 'STEP_RENDERERS',
    typeImports: ["import type { StepType } from '../../model';", "import type { StepRenderer } from './renderer';"],
    satisfies: '{ [T in StepType]: StepRenderer }',
  },
  {
    folder: 'tests/e2e/support/kinds',
    exportName: (kind) => `${kind}Driver`,
    table: 'DRIVERS',
    typeImports: ["import type { StepType } from '../../../../src/model';", "import type { DriverKind } from './driver-kind';"],
    satisfies: '{ [T in StepType]: DriverKind<T> }',
  },
];

/** The kinds of step the authoring schema names, in its order. */
export function schemaStepTypes(root: string): string[] {
  const schema = JSON.parse(readFileSync(join(root, SCHEMA_FILE), 'utf8')) as {
    definitions?: { step?: { properties?: { type?: { enum?: unknown } } } };
  };
  const kinds = schema.definitions?.step?.properties?.type?.enum;
  if (!Array.isArray(kinds) || kinds.length === 0) throw new Error(`${SCHEMA_FILE}: definitions.step.properties.type.enum lists no kinds of step`);
  for (const kind of kinds) {
    // A kind's name is its modules' name and part of an identifier.
    if (typeof kind !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(kind)) throw new Error(`${SCHEMA_FILE}: '${String(kind)}' cannot name a kind of step`);
  }
  return kinds as string[];
}

/** The source of one side's table of `kinds`. */
export function kindTableSource(side: KindSide, kinds: readonly string[]): string {
  return [
    `// Written by scripts/kinds/write-kinds.ts from the kinds of ${SCHEMA_FILE}; do not edit, not committed.`,
    ...side.typeImports,
    ...kinds.map((kind) => `import { ${side.exportName(kind)} } from './${kind}';`),
    '',
    `export const ${side.table} = {`,
    ...kinds.map((kind) => `  ${kind}: ${side.exportName(kind)},`),
    `} satisfies ${side.satisfies};`,
    '',
  ].join('\n');
}
