import { readFileSync } from 'node:fs';
import type { CompiledBundle } from '../model';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(file: string, what: string): never {
  throw new Error(`${file}: ${what}. Run 'npm run survey:compile' to rebuild it.`);
}

/**
 * Reads the compiled survey bundle. Only the parts the server uses (provider settings, toolkit
 * bindings) are checked; the compiler owns the rest of its shape.
 */
export function loadBundle(file: string): CompiledBundle {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return fail(file, 'the compiled survey bundle is missing');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(data) || !isRecord(data.provider) || !Array.isArray(data.toolkits)) {
    return fail(file, "expected an object with 'provider' and 'toolkits'");
  }
  const { provider } = data;
  if (typeof provider.segment !== 'string' || typeof provider.name !== 'string') {
    return fail(file, "'provider' needs 'name' and 'segment'");
  }
  if (typeof provider.resendCountdownSeconds !== 'number' || provider.resendCountdownSeconds < 0) {
    return fail(file, "'provider.resendCountdownSeconds' must be a number");
  }
  data.toolkits.forEach((binding, index) => {
    if (!isRecord(binding) || typeof binding.toolkit !== 'string' || typeof binding.apiSegment !== 'string') {
      fail(file, `toolkits[${index}] needs 'toolkit' and 'apiSegment'`);
    }
    if (!isRecord(binding.access) || typeof binding.access.kind !== 'string') {
      fail(file, `toolkits[${index}].access needs a 'kind'`);
    }
  });
  if (!isRecord(data.policies) || !isRecord(data.policies.policies) || typeof data.policies.default !== 'string' || !isRecord(data.policies.countries)) {
    return fail(file, "expected 'policies' with 'default', 'countries' and 'policies'");
  }
  if (!isRecord(data.policies.policies[data.policies.default])) {
    fail(file, `the default policy '${data.policies.default}' is missing`);
  }
  return data as unknown as CompiledBundle;
}
