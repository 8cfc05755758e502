import { resolve } from 'node:path';
import type { CompiledBundle } from '../../../src/model';
import { loadBundle } from '../../../src/server/bundle';

/** The compiled survey the tests run against: the compiler's output (`npm run test:unit` compiles first). */
export const BUNDLE_FILE = resolve(process.cwd(), 'src/generated/survey.json');

let cached: CompiledBundle | undefined;

/** The one way tests obtain the bundle. */
export function testBundle(): CompiledBundle {
  cached ??= loadBundle(BUNDLE_FILE);
  return cached;
}
