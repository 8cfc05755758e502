import { useEffect } from 'react';
import { audienceOf } from '../../engine';
import type { ToolkitBinding } from '../../model';
import { loadStepValidator } from '../../renderer';
import { apiFor } from '../api-for';
import { bundle } from '../bundle';
import { WithUser } from '../components/WithUser';
import { SurveyScreen } from '../survey/SurveyScreen';

/**
 * Starts downloading the first step's validator of the binding's survey, for either audience (the
 * user decides which), so it arrives while the user loads rather than after.
 */
export function preloadFirstStep(binding: ToolkitBinding): void {
  for (const flow of Object.values(bundle.surveys[binding.survey]?.audiences ?? {})) {
    const first = flow.steps[flow.start];
    if (first && 'form' in first) loadStepValidator(first.form).catch(() => undefined);
  }
}

/** /cancel/{route}: the binding's survey for the signed-in user (one page component for every toolkit). */
export default function SurveyPage({ binding }: { binding: ToolkitBinding }) {
  const survey = bundle.surveys[binding.survey];
  // Where the page was reached from another screen, nothing was preloaded yet.
  useEffect(() => preloadFirstStep(binding), [binding]);
  if (!survey) throw new Error(`the page '${binding.route}' names the unknown survey '${binding.survey}'`);
  const api = apiFor(binding);
  return (
    <WithUser api={api} page={{ kind: 'toolkit', access: binding.access }}>
      {(ready) => <SurveyScreen key={binding.route} binding={binding} survey={survey} audience={audienceOf(ready.user)} ready={ready} api={api} />}
    </WithUser>
  );
}
