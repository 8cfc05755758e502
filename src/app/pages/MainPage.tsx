import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router-dom';
import { translateSurveyText } from '../../i18n';
import { ALL_AT_ONCE, cancellableBindings, soleToolkitBinding } from '../access';
import { apiFor } from '../api-for';
import { bundle } from '../bundle';
import { HelpLinks } from '../components/HelpLinks';
import { RouteLink } from '../components/RouteLink';
import { useTitle } from '../components/use-title';
import { WithUser, type ReadyUser } from '../components/WithUser';
import { surveyPath } from '../routes';

/** /cancel: the user's subscriptions, each with its cancellation page (DESIGN §8). */
export default function MainPage() {
  return (
    <WithUser api={apiFor()} page={{ kind: 'subscriber' }}>
      {(ready) => <Subscriptions ready={ready} />}
    </WithUser>
  );
}

function Subscriptions({ ready }: { ready: ReadyUser }) {
  const { t } = useLingui();
  useTitle(t`Which subscription do you want to cancel?`);
  const sole = soleToolkitBinding(ready.user, bundle.toolkits);
  if (sole) return <Navigate to={surveyPath(sole)} replace />;
  const bindings = cancellableBindings(ready.user, bundle.toolkits);
  const own = bindings.filter((b) => b.toolkit !== ALL_AT_ONCE);
  const allAtOnce = bindings.find((b) => b.toolkit === ALL_AT_ONCE);
  const provider = bundle.provider.name;
  return (
    <>
      <h1 className="heading-l">
        <Trans>Which subscription do you want to cancel?</Trans>
      </h1>
      {own.length > 0 && (
        <ul className="toolkit-list">
          {own.map((binding) => (
            <li key={binding.route}>
              <RouteLink to={surveyPath(binding)}>{translateSurveyText(binding.name)}</RouteLink>
            </li>
          ))}
        </ul>
      )}
      {allAtOnce && (
        <>
          <h2 className="heading-m">
            <Trans>Cancel everything</Trans>
          </h2>
          <p>
            <RouteLink to={surveyPath(allAtOnce)}>
              <Trans>Cancel all tools of your {provider} subscription at once</Trans>
            </RouteLink>
          </p>
        </>
      )}
      <HelpLinks />
    </>
  );
}
