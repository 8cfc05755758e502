import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { audienceOf } from '../../engine';
import type { ToolkitBinding } from '../../model';
import { loadStepValidator } from '../../renderer';
import { apiFor } from '../api-for';
import { bundle } from '../bundle';
import { WithUser } from '../components/WithUser';
import type { ServedSurvey } from '../first-screen-state';
import { savedReceipt, wasSubmitted } from '../saved-survey';
import { LaterScreen } from '../survey/LaterScreen';
import { SurveyScreen } from '../survey/SurveyScreen';
import { DONE_STEP, STEP_PARAM } from '../survey/use-survey';

/**
 * Starts downloading the first step's validator of the binding's survey, for either audience (the
 * user decides which), so it arrives while the user loads rather than after; settles once both are
 * here or failed (a failure is the step's to show when it asks again).
 */
export async function preloadFirstStep(binding: ToolkitBinding): Promise<void> {
  for (const flow of Object.values(bundle.surveys[binding.survey]?.audiences ?? {})) {
    const first = flow.steps[flow.start];
    // The first steps' validators come with this chunk (src/generated/validators): each is here at once.
    if (first && 'form' in first) await loadStepValidator(first.form).catch(() => undefined);
  }
}

/**
 * /cancel/{route}: the binding's survey for the signed-in user (one page component for every toolkit);
 * from the first step the server rendered, when it did (`served`).
 */
export default function SurveyPage({ binding, served }: { binding: ToolkitBinding; served?: ServedSurvey }) {
  const survey = bundle.surveys[binding.survey];
  const search = useLocation().search;
  // Where the page was reached from another screen, nothing was preloaded yet.
  useEffect(() => void preloadFirstStep(binding), [binding]);
  if (!survey) throw new Error(`the page '${binding.route}' names the unknown survey '${binding.survey}'`);
  // A cancellation that took effect at once ended the subscription: its confirmation, reloaded,
  // shows from this tab's receipt, before the user load would send the page to no-subscription.
  const receipt = new URLSearchParams(search).get(STEP_PARAM) === DONE_STEP && wasSubmitted(binding.route) ? savedReceipt(binding.route) : null;
  if (receipt) return <LaterScreen render={(screens) => <screens.Receipt binding={binding} receipt={receipt} />} />;
  const api = apiFor(binding);
  return (
    <WithUser api={api} page={{ kind: 'toolkit', access: binding.access }} initial={served?.load}>
      {(ready) => (
        <SurveyScreen key={binding.route} binding={binding} survey={ready.shown?.(survey) ?? survey} audience={audienceOf(ready.user)} ready={ready} api={api} served={served?.state} />
      )}
    </WithUser>
  );
}
