import { Trans, useLingui } from '@lingui/react/macro';
import { translateSurveyText } from '../../i18n';
import type { DeclarationReceipt, ToolkitBinding } from '../../model';
// Not through the model's index: the survey page's first screen reaches that, and this is the receipt's alone.
import { longDateTime } from '../../model/long-date';
import { STEP_HEADING_ID } from '../../renderer';
import { HelpLinks } from '../components/HelpLinks';
import { RefundPolicyNote, SuccessPanel } from '../components/SuccessPanel';

/** A moment on the receipt, with date and time in the page's language and the customer's time zone. */
function moment(iso: string, locale: string): string {
  return longDateTime(new Date(iso), locale);
}

/**
 * The confirmation of a cancellation that took effect at once (a policy's `effect: immediate`): when,
 * its reference, where the receipt went and until when it can be undone, and a printable copy. A
 * withdrawal from the contract (the EU's withdrawal function) is confirmed as a withdrawal.
 */
export function Receipt({ binding, receipt }: { binding: ToolkitBinding; receipt: DeclarationReceipt }) {
  const { t, i18n } = useLingui();
  const name = translateSurveyText(binding.name);
  const time = moment(receipt.declared_at, i18n.locale);
  const reference = receipt.reference;
  const email = receipt.email;
  const until = receipt.undo_until === undefined ? undefined : moment(receipt.undo_until, i18n.locale);
  const withdrawal = receipt.declares === 'withdrawal';
  return (
    <SuccessPanel
      focus="on-mount"
      headingId={STEP_HEADING_ID}
      heading={withdrawal ? t`You have withdrawn from your contract` : t`Your subscription has been canceled`}
      actions={
        <>
          <div className="button-group no-print">
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              <Trans>Print or save this confirmation</Trans>
            </button>
          </div>
          <HelpLinks />
        </>
      }
    >
      <p>
        {withdrawal ? (
          <Trans>
            You withdrew from your {name} contract on {time}. The withdrawal has taken effect.
          </Trans>
        ) : (
          <Trans>
            You canceled {name} on {time}. The cancellation has taken effect.
          </Trans>
        )}
      </p>
      {!withdrawal && (
        <p>
          <Trans comment="Cancellation receipt (screen and email): when the contract ends, after the cancellation took effect at once.">
            Your subscription ends at the end of the current billing period.
          </Trans>
        </p>
      )}
      <p className="receipt-reference">
        <strong>
          <Trans comment="Cancellation receipt and confirmation screen: the cancellation’s reference.">Reference: {reference}</Trans>
        </strong>
      </p>
      <p>
        {withdrawal ? (
          <Trans>We sent this confirmation to {email}. Keep it as the record of your withdrawal.</Trans>
        ) : (
          <Trans>We sent this confirmation to {email}. Keep it as the record of your cancellation.</Trans>
        )}
      </p>
      {until !== undefined && (
        <p>
          {withdrawal ? (
            <Trans>Changed your mind? The email has a link to undo the withdrawal until {until}.</Trans>
          ) : (
            <Trans>Changed your mind? The email has a link to undo the cancellation until {until}.</Trans>
          )}
        </p>
      )}
      <RefundPolicyNote />
    </SuccessPanel>
  );
}
