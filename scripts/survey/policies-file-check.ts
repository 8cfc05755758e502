import { countryCodeMistake } from './country-codes';
import { reporterFor } from './load-yaml';
import type { YamlFile } from './load-yaml';
import type { Problem } from './problems';
import { asBlock, asList, named } from './read-helpers';
import { didYouMean } from './suggest';
import type { Named } from './survey-def';

/** The ids policies.yaml gives its policies, in file order, each with its place (read leniently). */
export function policyIds(data: unknown): Named[] {
  return asList(asBlock(data)?.policies).flatMap((value, index) => {
    const block = asBlock(value);
    const id = block && named(block, 'id', ['policies', index]);
    return id ? [id] : [];
  });
}

/** Where policies.yaml names a policy: its `default`, and each country's entry of `countries`. */
function policyReferences(data: unknown): Named[] {
  const root = asBlock(data) ?? {};
  const refs: Named[] = [];
  const fallback = named(root, 'default', []);
  if (fallback) refs.push(fallback);
  for (const country of Object.keys(asBlock(root.countries) ?? {})) {
    const ref = named(asBlock(root.countries) ?? {}, country, ['countries']);
    if (ref) refs.push(ref);
  }
  return refs;
}

/**
 * The path of each policy's `effect` whose declaration is a withdrawal (`closingForm.declares:
 * withdrawal`) but takes effect on an emailed link: a withdrawal is made by its confirmation button
 * (Art. 11a), and the spec's email asks the customer to confirm a cancellation.
 */
function withdrawalsByEmailLink(data: unknown): (string | number)[][] {
  return asList(asBlock(data)?.policies).flatMap((value, index) => {
    const block = asBlock(value);
    const withdrawal = asBlock(block?.closingForm)?.declares === 'withdrawal';
    return withdrawal && block?.effect !== undefined && block.effect !== 'immediate' ? [['policies', index, 'effect']] : [];
  });
}

/**
 * Checks policies.yaml on its own: a policy id written twice (`duplicate-policy`, at the second), a
 * `default` or country naming no policy of the file (`unknown-policy`, at the name), a country that is
 * no ISO 3166-1 code, which no customer's `country_code` matches (`invalid-value`, at the code), and a withdrawal
 * that would take effect on an emailed link (`withdrawal-effect`, at the effect).
 */
export function checkPoliciesFile(yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);
  const lines = new Map<string, number>();
  for (const id of policyIds(yaml.data)) {
    const first = lines.get(id.name);
    if (first === undefined) lines.set(id.name, yaml.locate(id.path).line);
    else report(id.path, 'duplicate-policy', `'${id.name}' is already the id of the policy on line ${first}`);
  }
  for (const ref of policyReferences(yaml.data)) {
    if (!lines.has(ref.name)) report(ref.path, 'unknown-policy', `'${ref.name}' is not a policy of this file${didYouMean(ref.name, lines.keys())}`);
  }
  for (const country of Object.keys(asBlock(asBlock(yaml.data)?.countries) ?? {})) {
    const mistake = countryCodeMistake(country);
    if (mistake) report(['countries', country], 'invalid-value', mistake, 'key');
  }
  for (const path of withdrawalsByEmailLink(yaml.data)) {
    report(
      path,
      'withdrawal-effect',
      'a withdrawal (closingForm.declares: withdrawal) takes effect when the customer confirms it on the page, not on an emailed link: set effect: immediate, with undoDays',
    );
  }
  return problems;
}
