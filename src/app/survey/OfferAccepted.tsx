import { Trans } from '@lingui/react/macro';
import { offerValues } from '../../engine';
import { translateSurveyText } from '../../i18n';
import type { OfferStep } from '../../model';
import { STEP_HEADING_ID } from '../../renderer';
import { bundle } from '../bundle';
import { SuccessPanel } from '../components/SuccessPanel';

/**
 * The success screen after an accepted offer: the offer's own success heading and body (what the
 * customer gets, from when) rendered with the offer's values, and the way home.
 * Nothing was cancelled and no survey was sent.
 */
export function OfferAccepted({ step, plan }: { step: OfferStep; plan?: string }) {
  const values = offerValues(step, plan, translateSurveyText);
  const home = (
    <a className="button" href={bundle.provider.links.home}>
      <Trans>Back to homepage</Trans>
    </a>
  );
  return (
    <SuccessPanel heading={translateSurveyText(step.success.heading, values)} headingId={STEP_HEADING_ID} focus="on-mount" actions={home}>
      <p className="offer__body">{translateSurveyText(step.success.body, values)}</p>
    </SuccessPanel>
  );
}
