import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { countState, type CountState } from './character-count';

/** How long typing must pause before the count is read out. */
const ANNOUNCE_DELAY_MS = 1000;

/** The ids a limited box is described by: the static limit hint (read with the label). */
export const countHintId = (fieldId: string) => `${fieldId}__count-hint`;

function useCountText() {
  const { t } = useLingui();
  // `{count}` rather than `#`: the number reads as in the validation messages ('1500', not '1,500').
  return ({ kind, count }: CountState) =>
    kind === 'remaining'
      ? t({ message: plural(count, { one: `You have ${count} character remaining`, other: `You have ${count} characters remaining` }) })
      : t({ message: plural(count, { one: `You have ${count} character too many`, other: `You have ${count} characters too many` }) });
}

/**
 * The GOV.UK character count under a limited box: a visible count that follows every keystroke,
 * and a polite live region that reads it out once typing pauses. It never blocks typing.
 */
export function CharacterCount({ fieldId, value, limit }: { fieldId: string; value: string | undefined; limit: number }) {
  const text = useCountText();
  const state = countState(value, limit);
  const visible = text(state);
  const [announced, setAnnounced] = useState('');
  // Read out changes only: the limit itself is in the hint the box is described by.
  const initial = useRef(visible);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current && visible === initial.current) return undefined;
    changed.current = true;
    const timer = setTimeout(() => setAnnounced(visible), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  return (
    <>
      <p id={countHintId(fieldId)} className="visually-hidden">
        <Trans>You can enter up to {limit} characters</Trans>
      </p>
      <p className={state.kind === 'over' ? 'count count--over' : 'count'} aria-hidden="true">
        {visible}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
