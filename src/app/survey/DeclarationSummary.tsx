import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { translateSurveyText } from '../../i18n';
import type { ClosingFormRule, ToolkitBinding } from '../../model';

/**
 * What a declaration under a policy cancels, above its button: the contract, what is declared and when
 * the subscription ends. A termination (§312k) is an ordinary cancellation, to the end of the billing
 * period; a withdrawal (the EU's withdrawal function) is another act in law, ending when it is confirmed.
 */
export function DeclarationSummary({ binding, declares }: { binding: ToolkitBinding; declares: ClosingFormRule['declares'] }) {
  const withdrawal = declares === 'withdrawal';
  const rows: [ReactNode, ReactNode][] = [
    [<Trans>Contract</Trans>, translateSurveyText(binding.name)],
    withdrawal
      ? [<Trans>Declaration</Trans>, <Trans>Withdrawal from the contract</Trans>]
      : [<Trans>Kind of cancellation</Trans>, <Trans>Ordinary cancellation</Trans>],
    [<Trans>Your subscription ends</Trans>, withdrawal ? <Trans>When you confirm the withdrawal</Trans> : <Trans>At the end of the current billing period</Trans>],
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
