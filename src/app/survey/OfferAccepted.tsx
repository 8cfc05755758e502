import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { translateSurveyText } from '../../i18n';
import type { OfferStep } from '../../model';
import { offerValues, STEP_HEADING_ID, translateOfferText } from '../../renderer';
import { bundle } from '../bundle';
import { useTitle } from '../components/use-title';

/**
 * The success screen after an accepted offer: the offer's own success heading and body (what the
 * customer gets, from when), its `{percent}`, `{months}` and `{plan}` filled, and the way home.
 * Nothing was cancelled and no survey was sent.
 */
export function OfferAccepted({ step, plan }: { step: OfferStep; plan?: string }) {
  const values = offerValues(step, plan, translateSurveyText);
  const heading = translateOfferText(step.success.heading, values);
  useTitle(heading);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, []);
  return (
    <>
      <div className="panel-success">
        <h1 id={STEP_HEADING_ID} tabIndex={-1} className="heading-l">
          {heading}
        </h1>
      </div>
      <p className="offer__body">{translateOfferText(step.success.body, values)}</p>
      <a className="button" href={bundle.provider.links.home}>
        <Trans>Back to homepage</Trans>
      </a>
    </>
  );
}
