import { Trans } from '@lingui/react/macro';
import { translateSurveyText } from '../../i18n';
import type { ToolkitBinding } from '../../model';

/** What a declaration under a policy cancels (§312k: the contract, the kind of cancellation, its end), above its button. */
export function DeclarationSummary({ binding }: { binding: ToolkitBinding }) {
  const name = translateSurveyText(binding.name);
  return (
    <dl className="summary-list declaration-summary">
      <div className="summary-list__row">
        <dt>
          <Trans>Contract</Trans>
        </dt>
        <dd>{name}</dd>
      </div>
      <div className="summary-list__row">
        <dt>
          <Trans>Kind of cancellation</Trans>
        </dt>
        <dd>
          <Trans>Ordinary cancellation</Trans>
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>
          <Trans>Your subscription ends</Trans>
        </dt>
        <dd>
          <Trans>At the end of the current billing period</Trans>
        </dd>
      </div>
    </dl>
  );
}
