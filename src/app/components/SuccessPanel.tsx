import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { bundle } from '../bundle';
import { HelpLinks } from './HelpLinks';
import { useTitle } from './use-title';

/**
 * When a result's heading takes the focus: `'on-mount'` for a screen that replaces the survey (the
 * page also scrolls to the top), or whenever the flag turns true (after a Try again, whose button is gone).
 */
export type HeadingFocus = 'on-mount' | boolean;

export interface ResultHeadingProps {
  /** The page's h1, which is also the page title. */
  text: string;
  /** The h1's id: the survey's screens give theirs STEP_HEADING_ID. */
  id?: string;
  focus: HeadingFocus;
}

/** A result page's h1: its text names the page, and it takes the focus as `focus` says. */
export function ResultHeading({ text, id, focus }: ResultHeadingProps) {
  useTitle(text);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus === false) return;
    if (focus === 'on-mount') window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [focus]);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className="heading-l">
      {text}
    </h1>
  );
}

export interface SuccessPanelProps {
  heading: string;
  headingId?: string;
  focus: HeadingFocus;
  /** What happened and what comes next, under the panel. */
  children: ReactNode;
  /** What closes the screen; the help links unless given. */
  actions?: ReactNode;
}

/**
 * The screen after something went through (a cancellation sent or confirmed, an offer accepted):
 * the heading in the success panel, what it means, and the way on.
 */
export function SuccessPanel({ heading, headingId, focus, children, actions = <HelpLinks /> }: SuccessPanelProps) {
  return (
    <>
      <div className="panel-success">
        <ResultHeading text={heading} id={headingId} focus={focus} />
      </div>
      {children}
      {actions}
    </>
  );
}

/** 'Read our cancellation and refund policy.', under every cancellation's success panel. */
export function RefundPolicyNote() {
  return (
    <p>
      <Trans>
        Read our <a href={bundle.provider.links.refundPolicy}>cancellation and refund policy</a>.
      </Trans>
    </p>
  );
}
