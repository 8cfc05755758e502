// The flow picture as a cancellation policy shapes it (npm run survey:graph -- --policy ID): the
// cancel-now control of each screen that has it, as an arrow to the closing form, and the offers the
// policy withholds, greyed. The policy's walk is the checker's (scripts/survey/policy-screens.ts).
import { completesSurvey } from '../../src/engine';
import type { CancellationPolicy, CompiledSurvey } from '../../src/model';
import { hasCancelControl, isScreen } from '../survey';
import { flowPicture } from './flow-picture';
import type { FlowPicture, PictureControl } from './flow-picture';
import type { GraphView } from './graph-view';

/** The picture under `policy`: its withheld offers marked, and an arrow from each screen with the control to the closing form. */
export function policyPicture(picture: FlowPicture, policy: CancellationPolicy): FlowPicture {
  const declaration = picture.nodes.find((node) => completesSurvey(node.step));
  const label = policy.cancelNow?.label ?? '';
  const controls = declaration
    ? picture.nodes
        .filter((node) => hasCancelControl(node.step, policy))
        .map((node): PictureControl => ({ from: node.id, to: declaration.id, label, ...(node.only ? { only: node.only } : {}) }))
    : [];
  const nodes = picture.nodes.map((node) => (isScreen(node.step, policy) ? node : { ...node, withheld: true as const }));
  return { ...picture, nodes, controls, policy };
}

/** The picture of a survey for a view, under `policy` where one is given. */
export function surveyPicture(survey: CompiledSurvey, view: GraphView, policy?: CancellationPolicy): FlowPicture {
  const picture = flowPicture(survey, view);
  return policy ? policyPicture(picture, policy) : picture;
}
