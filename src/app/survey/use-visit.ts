// The survey screen's visit (visit-recorder.ts, which comes with the later screens' chunk at an idle
// moment, so the first question does not wait for it): started once its code is here, its events
// recorded as the customer moves. A moment before then waits, its events worked out once the code has come.
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../api';
import type { VisitEventDraft } from '../../engine/visit-events';
import { isLanguage, type CompiledSurvey, type ToolkitBinding, type User } from '../../model';
import type { VisitRecorder } from '../visit-recorder';

export type VisitModule = typeof import('../visit-recorder');
/** The events of a moment of the visit, worked out with the recorder's module (which derives them from survey states). */
export type VisitMoment = (visits: VisitModule) => readonly VisitEventDraft[];

export interface Visit {
  record: (moment: VisitMoment) => void;
  /** The visit ended (sent or saved): the page's next survey is another visit. */
  end: () => void;
}

/**
 * The visit of the survey screen; `visits` is the recorder's module once it has loaded. A page in the
 * development pseudo-locale records nothing: it is no customer's language.
 */
export function useVisit(binding: ToolkitBinding, survey: CompiledSurvey, user: Pick<User, 'user_id'>, api: Pick<ApiClient, 'recordVisitEvents'>, visits: VisitModule | undefined): Visit {
  const { locale } = useLingui().i18n;
  const language = isLanguage(locale) ? locale : undefined;
  const userId = String(user.user_id);
  const visit = useRef<{ recorder?: VisitRecorder; waiting: VisitMoment[]; ended?: boolean }>({ waiting: [] }).current;
  useEffect(() => {
    if (!visits || !language) return undefined;
    const recorder = visits.startVisit({ api, route: binding.route, user: userId, toolkit: binding.toolkit, version: survey.version, language });
    visit.recorder = recorder;
    for (const moment of visit.waiting.splice(0)) recorder.record(moment(visits));
    if (visit.ended) recorder.end();
    return () => {
      recorder.stop();
      visit.recorder = undefined;
    };
  }, [visit, visits, api, binding.route, binding.toolkit, survey.version, language, userId]);
  return {
    record: (moment) => (visit.recorder && visits ? visit.recorder.record(moment(visits)) : visit.waiting.push(moment)),
    end: () => {
      visit.ended = true;
      visit.recorder?.end();
    },
  };
}
