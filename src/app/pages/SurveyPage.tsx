import { audienceOf } from '../../engine';
import type { ToolkitBinding } from '../../model';
import { apiFor } from '../api-for';
import { bundle } from '../bundle';
import { WithUser } from '../components/WithUser';
import { SurveyScreen } from '../survey/SurveyScreen';

/** /cancel/{route}: the binding's survey for the signed-in user (one page component for every toolkit). */
export default function SurveyPage({ binding }: { binding: ToolkitBinding }) {
  const survey = bundle.surveys[binding.survey];
  if (!survey) throw new Error(`the page '${binding.route}' names the unknown survey '${binding.survey}'`);
  const api = apiFor(binding);
  return (
    <WithUser api={api} page={{ kind: 'toolkit', access: binding.access }}>
      {(ready) => <SurveyScreen key={binding.route} binding={binding} survey={survey} audience={audienceOf(ready.user)} ready={ready} api={api} />}
    </WithUser>
  );
}
