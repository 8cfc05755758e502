import { AUDIENCES } from '../../src/model';
import type { CompiledBundle, CompiledSurvey } from '../../src/model';
import { diffFlow } from './diff-flow';
import { diffRedirects, diffRoutes } from './diff-routes';
import type { LimitChange, PathChange, SurveyDiff, SurveyFlowDiff, SurveySummary } from './diff-types';
import { surveyPaths } from './survey-paths';

function diffLimits(before: CompiledSurvey, after: CompiledSurvey): LimitChange[] {
  const names = [...new Set([...Object.keys(before.limits), ...Object.keys(after.limits)])].sort();
  return names.flatMap((limit): LimitChange[] => {
    const was = before.limits[limit];
    const now = after.limits[limit];
    return was === now ? [] : [{ limit, before: was, after: now }];
  });
}

function diffPaths(before: CompiledSurvey, after: CompiledSurvey): PathChange[] {
  return AUDIENCES.flatMap((audience): PathChange[] => {
    const was = surveyPaths(before, audience);
    const now = surveyPaths(after, audience);
    const appeared = now.filter((path) => !was.includes(path));
    const disappeared = was.filter((path) => !now.includes(path));
    if (appeared.length === 0 && disappeared.length === 0) return [];
    return [{ audience, appeared, disappeared, before: was.length, after: now.length }];
  });
}

/** What changed between two versions of one survey (or a survey and a variant of it); undefined for nothing. */
export function diffSurvey(before: CompiledSurvey, after: CompiledSurvey): SurveyFlowDiff | undefined {
  const diff: SurveyFlowDiff = { survey: after.id, ...diffFlow(before, after), limits: diffLimits(before, after), paths: diffPaths(before, after) };
  const { survey: _id, ...changes } = diff;
  return Object.values(changes).some((list) => list.length > 0) ? diff : undefined;
}

function summary(survey: CompiledSurvey): SurveySummary {
  const steps = new Set(AUDIENCES.flatMap((audience) => survey.audiences[audience].order));
  return { survey: survey.id, steps: [...steps] };
}

/**
 * The change from `before` to `after`: surveys added and removed; for each survey on both sides, steps,
 * answers, next steps, form fields, limits and paths; toolkit pages and redirects. Pure.
 */
export function diffBundles(before: CompiledBundle, after: CompiledBundle): SurveyDiff {
  const ids = (bundle: CompiledBundle): string[] => Object.keys(bundle.surveys).sort();
  const surveys = ids(after).flatMap((id) => {
    const was = before.surveys[id];
    const now = after.surveys[id];
    const diff = was && now ? diffSurvey(was, now) : undefined;
    return diff ? [diff] : [];
  });
  const only = (a: CompiledBundle, b: CompiledBundle): SurveySummary[] =>
    ids(a).flatMap((id) => {
      const survey = a.surveys[id];
      return survey && !b.surveys[id] ? [summary(survey)] : [];
    });
  return {
    surveysAdded: only(after, before),
    surveysRemoved: only(before, after),
    surveys,
    routes: diffRoutes(before, after),
    redirects: diffRedirects(before, after),
  };
}

/** True when nothing changed (translations included, the list of languages without a catalog aside). */
export function isEmptyDiff(diff: SurveyDiff): boolean {
  const lists = [diff.surveysAdded, diff.surveysRemoved, diff.surveys, diff.routes, diff.redirects, diff.translations?.missing ?? []];
  return lists.every((list) => list.length === 0);
}
