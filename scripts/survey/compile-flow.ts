import { AUDIENCES } from '../../src/model';
import type { Audience, CompiledFlow, CompiledStep, CompiledSurvey } from '../../src/model';
import { compilerKindOf, type CompileContext } from './kinds';
import { shortHash } from './canonical-json';
import { checked } from './read-helpers';
import type { Named, SurveyDef } from './survey-def';
import { edgesFor, reachableFrom } from './survey-graph';

/** Compiles one checked survey for both audiences. `source` is the file relative to the project root. */
export function compileSurvey(def: SurveyDef, source: string): CompiledSurvey {
  const limits = Object.fromEntries(def.limits.map((limit) => [limit.name, Number(limit.value)]));
  const compiler = new FlowCompiler(def, limits);
  const audiences = Object.fromEntries(AUDIENCES.map((audience) => [audience, compiler.flow(audience)]));
  const survey = {
    id: checked(def.id, 'id').name,
    source,
    indicatorSteps: def.indicatorSteps,
    limits,
    audiences: audiences as Record<Audience, CompiledFlow>,
  };
  return { ...survey, version: surveyVersion(survey) };
}

/**
 * A survey's version: a short hash of what customers see, which is everything compiled but the name of
 * its source file (moving the file changes nothing on screen).
 */
export function surveyVersion(survey: Omit<CompiledSurvey, 'version'> & { version?: string }): string {
  return shortHash({ ...survey, source: undefined, version: undefined });
}

class FlowCompiler {
  constructor(
    private readonly def: SurveyDef,
    private readonly limits: Readonly<Record<string, number>>,
  ) {}

  /** The survey as one audience sees it: only the steps it reaches, with only the answers and fields it sees. */
  flow(audience: Audience): CompiledFlow {
    const start = checked(this.def.start, 'start').name;
    const reached = reachableFrom(start, edgesFor(this.def, audience));
    const context: CompileContext = {
      audience,
      input: (box) => ({ required: true, label: box.label, placeholder: box.placeholder, maxLength: this.limit(box.limit) }),
      limit: (ref) => this.limit(ref),
    };
    // Authored order, so the output follows the file.
    const steps = this.def.steps.filter((step) => reached.has(step.id.name)).map((step): CompiledStep => compilerKindOf(step).compile(step, context));
    return {
      audience,
      start,
      steps: Object.fromEntries(steps.map((step) => [step.id, step])),
      order: steps.map((step) => step.id),
    };
  }

  private limit(ref: Named | undefined): number | undefined {
    return ref === undefined ? undefined : checked(this.limits[ref.name], `limit '${ref.name}'`);
  }
}
