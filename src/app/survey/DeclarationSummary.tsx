import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { translateSurveyText } from '../../i18n';
import type { ToolkitBinding } from '../../model';

/** What a declaration under a policy cancels (§312k: the contract, the kind of cancellation, its end), above its button. */
export function DeclarationSummary({ binding }: { binding: ToolkitBinding }) {
  const rows: [ReactNode, ReactNode][] = [
    [<Trans>Contract</Trans>, translateSurveyText(binding.name)],
    [<Trans>Kind of cancellation</Trans>, <Trans>Ordinary cancellation</Trans>],
    [<Trans>Your subscription ends</Trans>, <Trans>At the end of the current billing period</Trans>],
  ];
  return (
    <dl className="summary-list declaration-summary">
      {rows.map(([term, value], index) => (
        <div key={index} className="summary-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
