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
import type { Position, Problem } from './problems';
import type { ToolkitsDef } from './read-toolkits';
import type { SurveyDef } from './survey-def';
import { surveyPlaces } from './survey-places';
import type { SurveyPlaces } from './survey-places';

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
export interface PolicySource {
  yaml: YamlFile;
  policies: { policy: CancellationPolicy; block: (string | number)[] }[];
}

/** A clean policies.yaml and the ids of the surveys it governs. */
export interface GoverningPolicies {
  source: PolicySource;
  surveys: ReadonlySet<string>;
}

/** One rule of one policy broken by a survey, for the audiences whose flows break it alike. */
export interface PolicyFinding {
  policy: CancellationPolicy;
  /** The path of the policy's block in policies.yaml. */
  block: readonly (string | number)[];
  violation: Violation;
  audiences: Audience[];
}

/** The files with an error of their own (a warning is no reason to leave a file unproved). */
export function faultyFiles(problems: readonly Problem[]): Set<string> {
  return new Set(problems.filter((problem) => !isWarning(problem)).map((problem) => problem.file));
}

/**
 * Each clean policies.yaml with the surveys it governs: those of the pages with email confirmation of
 * the toolkits.yaml beside it, when that is clean too. `problems` are those found so far.
 */
export function governingPolicies(files: readonly PolicyProjectFile[], problems: readonly Problem[]): GoverningPolicies[] {
  const faulty = faultyFiles(problems);
  const clean = (file: PolicyProjectFile): boolean => !faulty.has(file.yaml.file);
  return files.flatMap((file): GoverningPolicies[] => {
    if (file.kind !== 'policies' || !file.policies || !clean(file)) return [];
    const toolkits = files.filter((other) => other.kind === 'toolkits' && dirname(other.yaml.file) === dirname(file.yaml.file));
    if (toolkits.length === 0 || !toolkits.every(clean)) return [];
    const surveys = new Set(
      toolkits.flatMap((other) => (other.toolkits?.toolkits ?? []).flatMap((page) => (page.survey && page.confirm !== NO_CONFIRM ? [page.survey.name] : []))),
    );
    return [{ source: policySource(file.yaml, file.policies), surveys }];
  });
}

/**
 * Proves every policy of each policies.yaml on the surveys of the toolkit pages with email confirmation
 * of the toolkits.yaml beside it. `problems` are those found so far: a file with an error of its own
 * (the policies file, the toolkits file, a survey) is not proved, its errors being reported already.
 */
export function provePolicies(files: readonly PolicyProjectFile[], problems: readonly Problem[]): Problem[] {
  const faulty = faultyFiles(problems);
  return governingPolicies(files, problems).flatMap(({ source, surveys }) =>
    files.flatMap((survey) => {
      const def = survey.survey;
      return def?.id && surveys.has(def.id.name) && !faulty.has(survey.yaml.file) ? proveSurvey(source, survey.yaml, def) : [];
    }),
  );
}

/** The policies of a clean policies.yaml in file order, each with its block's path. */
function policySource(yaml: YamlFile, compiled: CompiledPolicies): PolicySource {
  const policies = policyIds(yaml.data).flatMap((id) => {
    const policy = compiled.policies[id.name];
    return policy ? [{ policy, block: id.path.slice(0, -1) }] : [];
  });
  return { yaml, policies };
}

/**
 * A clean survey compiled, or the problem of the compiler failing on it: a checker bug, reported like
 * any check that throws.
 */
export function compileCleanSurvey(yaml: YamlFile, def: SurveyDef, check: string): CompiledSurvey | Problem {
  try {
    return compileSurvey(def, displayPath(yaml.file));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return problemAt(yaml.file, { line: 1, col: 1 }, 'internal-error', `${check} failed on this file (${reason}); please report it`);
  }
}

/** Every policy's violations on one compiled survey, its audiences' alike ones found once. */
export function policyFindings(source: PolicySource, compiled: CompiledSurvey, places: SurveyPlaces): PolicyFinding[] {
  return source.policies.flatMap(({ policy, block }) => {
    const byAudience = new Map<string, PolicyFinding>();
    for (const audience of AUDIENCES) {
      for (const violation of policyViolations(compiled.audiences[audience], policy, places)) {
        const key = JSON.stringify([violation.rule, violation.path, violation.part, violation.breaks]);
        const seen = byAudience.get(key);
        if (seen) seen.audiences.push(audience);
        else byAudience.set(key, { policy, block, violation, audiences: [audience] });
      }
    }
    return [...byAudience.values()];
  });
}

/** Which rule of which policy a finding breaks where: one the survey breaks already, a variant's overlay is not blamed for. */
export function findingKey(finding: PolicyFinding): string {
  const { rule, path, part } = finding.violation;
  return JSON.stringify([finding.policy.id, rule, path, part]);
}

/**
 * A finding as its message says it: `de-312k allows at most 2 screens … (maxScreens: 2,
 * survey/policies.yaml:61); for trial and paid users, from step 'reason' it takes 3 screens: …`.
 */
export function findingMessage(policies: YamlFile, finding: PolicyFinding): string {
  const { policy, block, violation, audiences } = finding;
  const line = policies.locate([...block, ...violation.policyKey], 'key').line;
  const who = `${audiences.join(' and ')} users`;
  const draft = policy.draft ? ' (a draft)' : '';
  return `${policy.id}${draft} ${violation.says} (${violation.setting}, ${displayPath(policies.file)}:${line}); for ${who}, ${violation.breaks}`;
}

/** A finding as a problem at `position` of `file`, coded `policy-<policy id>-<rule>`: a warning when the policy is a draft. */
export function findingProblem(file: string, position: Position, finding: PolicyFinding, message: string): Problem {
  const problem = problemAt(file, position, `policy-${finding.policy.id}-${finding.violation.rule}`, message);
  return finding.policy.draft ? { ...problem, severity: 'warning' } : problem;
}

/** Every policy's violations on one survey, each a problem at the survey's node that breaks the rule. */
function proveSurvey(source: PolicySource, yaml: YamlFile, def: SurveyDef): Problem[] {
  const compiled = compileCleanSurvey(yaml, def, 'the policy proofs');
  if ('code' in compiled) return [compiled];
  return policyFindings(source, compiled, surveyPlaces(def, yaml.data)).map((finding) =>
    findingProblem(yaml.file, yaml.locate(finding.violation.path, finding.violation.part), finding, findingMessage(source.yaml, finding)),
  );
}
