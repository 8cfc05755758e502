import { translateSurveyText } from '../../i18n';
import type { CancelControl } from '../../model';

/**
 * A cancellation policy's cancel-now control ('Jetzt kündigen' in German): a link to the declaration
 * screen, so it works as a link too (a new tab opens the declaration there).
 */
export function CancelNow({ control, href, onOpen, className = '' }: { control: CancelControl; href: string; onOpen: () => void; className?: string }) {
  return (
    <a
      className={`button button--warning cancel-now ${className}`.trim()}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {translateSurveyText(control.label)}
    </a>
  );
}
