// The proofs of the cancellation policies (survey/policies.yaml): each policy's rules on each compiled
// flow of every survey a toolkit page with email confirmation shows (the pages policies govern). A broken
// rule is a problem at the survey's YAML node that breaks it, coded `policy-<policy id>-<rule>`, and a
// warning only when the policy is a draft.
import { dirname } from 'node:path';
import { AUDIENCES } from '../../src/model';
import type { Audience, CancellationPolicy, CompiledPolicies, CompiledSurvey } from '../../src/model';
import { compileSurvey } from './compile-flow';
import { NO_CONFIRM } from './compile-bindings';
import type { FileKind } from './file-kind';
import type { YamlFile } from './load-yaml';
import { policyIds } from './policies-file-check';
import { policyViolations } from './policy-rules';
import type { Violation } from './policy-rules';
import { displayPath, isWarning, problemAt } from './problems';
import type { Problem } from './problems';
import type { ToolkitsDef } from './read-toolkits';
import type { SurveyDef } from './survey-def';
import { surveyPlaces } from './survey-places';

export { checkPoliciesFile } from './policies-file-check';
export { POLICY_RULES } from './policy-rules';
export type { PolicyRule } from './policy-rules';

/** What the proofs need of a checked file (check-project.ts's CheckedFile). */
export interface PolicyProjectFile {
  yaml: YamlFile;
  kind: FileKind;
  survey?: SurveyDef;
  toolkits?: ToolkitsDef;
  policies?: CompiledPolicies;
}

/** A policies.yaml that can be proved: compiled, with where each policy's block is. */
interface PolicySource {
  yaml: YamlFile;
  policies: { policy: CancellationPolicy; block: (string | number)[] }[];
}

/**
 * Proves every policy of each policies.yaml on the surveys of the toolkit pages with email confirmation
 * of the toolkits.yaml beside it. `problems` are those found so far: a file with an error of its own
 * (the policies file, the toolkits file, a survey) is not proved, its errors being reported already.
 */
export function provePolicies(files: readonly PolicyProjectFile[], problems: readonly Problem[]): Problem[] {
  const faulty = new Set(problems.filter((problem) => !isWarning(problem)).map((problem) => problem.file));
  const clean = (file: PolicyProjectFile): boolean => !faulty.has(file.yaml.file);
  const found: Problem[] = [];
  for (const file of files) {
    if (file.kind !== 'policies' || !file.policies || !clean(file)) continue;
    const toolkits = files.filter((other) => other.kind === 'toolkits' && dirname(other.yaml.file) === dirname(file.yaml.file));
    if (toolkits.length === 0 || !toolkits.every(clean)) continue;
    const governed = new Set(
      toolkits.flatMap((other) => (other.toolkits?.toolkits ?? []).flatMap((page) => (page.survey && page.confirm !== NO_CONFIRM ? [page.survey.name] : []))),
    );
    const source = policySource(file.yaml, file.policies);
    for (const survey of files) {
      const def = survey.survey;
      if (def?.id && governed.has(def.id.name) && clean(survey)) found.push(...proveSurvey(source, survey.yaml, def));
    }
  }
  return found;
}

/** The policies of a clean policies.yaml in file order, each with its block's path. */
function policySource(yaml: YamlFile, compiled: CompiledPolicies): PolicySource {
  const policies = policyIds(yaml.data).flatMap((id) => {
    const policy = compiled.policies[id.name];
    return policy ? [{ policy, block: id.path.slice(0, -1) }] : [];
  });
  return { yaml, policies };
}

/** Every policy's violations on one survey, its audiences' alike ones reported once. */
function proveSurvey(source: PolicySource, yaml: YamlFile, def: SurveyDef): Problem[] {
  let compiled: CompiledSurvey;
  try {
    compiled = compileSurvey(def, displayPath(yaml.file));
  } catch (error) {
    // The survey is clean, so the compiler failing on it is a checker bug, reported like any check that throws.
    const reason = error instanceof Error ? error.message : String(error);
    return [problemAt(yaml.file, { line: 1, col: 1 }, 'internal-error', `the policy proofs failed on this file (${reason}); please report it`)];
  }
  const places = surveyPlaces(def, yaml.data);
  return source.policies.flatMap(({ policy, block }) => {
    const byAudience = new Map<string, { violation: Violation; audiences: Audience[] }>();
    for (const audience of AUDIENCES) {
      for (const violation of policyViolations(compiled.audiences[audience], policy, places)) {
        const key = JSON.stringify([violation.rule, violation.path, violation.part, violation.breaks]);
        const seen = byAudience.get(key);
        if (seen) seen.audiences.push(audience);
        else byAudience.set(key, { violation, audiences: [audience] });
      }
    }
    return [...byAudience.values()].map(({ violation, audiences }) => problemOf(source.yaml, policy, block, yaml, violation, audiences));
  });
}

/**
 * A violation as a problem at the survey's node: `de-312k allows at most 2 screens … (maxScreens: 2,
 * survey/policies.yaml:61); for trial and paid users, from step 'reason' it takes 3 screens: …`.
 */
function problemOf(
  policies: YamlFile,
  policy: CancellationPolicy,
  block: readonly (string | number)[],
  survey: YamlFile,
  violation: Violation,
  audiences: readonly Audience[],
): Problem {
  const line = policies.locate([...block, ...violation.policyKey], 'key').line;
  const who = `${audiences.join(' and ')} users`;
  const draft = policy.draft ? ' (a draft)' : '';
  const message = `${policy.id}${draft} ${violation.says} (${violation.setting}, ${displayPath(policies.file)}:${line}); for ${who}, ${violation.breaks}`;
  const problem = problemAt(survey.file, survey.locate(violation.path, violation.part), `policy-${policy.id}-${violation.rule}`, message);
  return policy.draft ? { ...problem, severity: 'warning' } : problem;
}
