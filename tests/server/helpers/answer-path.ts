// The path the app records for a payload the tests write by its texts: the step and answer ids a
// customer who gave these answers took, found through the kinds' branches of the compiled survey.
import { kindOf, surveyOfToolkit, type Branch, type EngineKind } from '../../../src/engine';
import type { Audience, CompiledStep, PathMove, StepType, SurveyPayload } from '../../../src/model';
import { testBundle } from './bundle';

/**
 * Walks the survey of the payload's toolkit from its first step, taking at each step the branch whose
 * answer text the payload's entry of that slot names (the first branch where none does, so the server
 * sees the disagreement), and passing by every offer the payload does not list as declined.
 */
export function answerPath(payload: Pick<SurveyPayload, 'toolkit' | 'survey' | 'retention'>, audience: Audience = 'paid'): PathMove[] {
  const survey = surveyOfToolkit(testBundle(), payload.toolkit);
  if (!survey) return [{ step: 'unknown' }];
  const flow = survey.audiences[audience];
  const path: PathMove[] = [];
  for (let id: string | undefined = flow.start; id !== undefined && path.length < 50; ) {
    const step: CompiledStep | undefined = flow.steps[id];
    if (!step) break;
    const kind: EngineKind<StepType> = kindOf(step);
    const passedBy: string | undefined = kind.passedBy?.(step);
    if (passedBy !== undefined && !(payload.retention ?? []).some((record) => record.offer === id)) {
      id = passedBy;
      continue;
    }
    const said: string | undefined = 'slot' in step ? payload.survey[step.slot]?.answers[0] : undefined;
    const branches: Branch[] = kind.branches(step).filter((b) => !('end' in b.outcome && b.outcome.end === 'retained'));
    const branch: Branch | undefined = branches.find((b) => b.answer !== undefined && b.label === said) ?? branches[0];
    if (!branch) break;
    path.push(branch.answer === undefined ? { step: id } : { step: id, answer: branch.answer });
    id = 'to' in branch.outcome ? branch.outcome.to : undefined;
  }
  return path;
}
