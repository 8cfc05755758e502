import { NO_CHOICE, PATH_SEPARATOR, submissionPath, type CompiledBundle, type CompiledSurvey, type PathMove, type SurveyPayload } from '../model';
import { kindOf } from './kinds';
import { stepAt } from './steps';

/** What was chosen in `move`, named by whichever audience's flow has the step and its answers (a record keeps no audience). */
function labelOf(survey: CompiledSurvey, move: PathMove): string | undefined {
  for (const flow of Object.values(survey.audiences)) {
    const step = stepAt(flow, move.step);
    const label = step && kindOf(step).moveLabel?.(step, move);
    if (label !== undefined) return label;
  }
  return undefined;
}

/**
 * The path a stored submission took, read from its `path` ids: the English text of what was chosen on
 * each step in the order taken (several answers of one step joined by ' + '), then each retention
 * offer declined on the way. Free text is left out. The same line as `submissionPath()` reads from the
 * texts of a record stored before payloads carried their path, which it falls back to; and so does a
 * path that chose an answer the survey no longer has (an older version's), which would otherwise lose it.
 */
export function submissionPathOf(survey: CompiledSurvey | undefined, payload: Pick<SurveyPayload, 'survey' | 'retention'> & { path?: SurveyPayload['path'] }): string {
  if (survey === undefined || payload.path === undefined) return submissionPath(payload);
  const labels = payload.path.map((move) => ({ move, label: labelOf(survey, move) }));
  const answered = ({ move }: (typeof labels)[number]) => move.answer !== undefined || (move.answers?.length ?? 0) > 0;
  if (labels.some((entry) => entry.label === undefined && answered(entry))) return submissionPath(payload);
  const chosen = labels.flatMap(({ label }) => label ?? []);
  const offers = (payload.retention ?? []).map((record) => `declined the ${record.kind} offer`);
  const parts = [...chosen, ...offers];
  return parts.length > 0 ? parts.join(PATH_SEPARATOR) : NO_CHOICE;
}

/** The survey a stored submission answered: the one its toolkit's page shows. */
export function surveyOfToolkit(bundle: CompiledBundle, toolkit: string): CompiledSurvey | undefined {
  const binding = bundle.toolkits.find((b) => b.toolkit === toolkit);
  return binding && bundle.surveys[binding.survey];
}
