// The survey screen's visit (visit-recorder.ts, which comes with the later screens' chunk at an idle
// moment, so the first question does not wait for it): started once its code is here, its events
// recorded as the customer moves. A moment before then waits, its events worked out once the code has come.
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../api';
import type { VisitEventDraft } from '../../engine/visit-events';
import type { CompiledSurvey, Language, ToolkitBinding } from '../../model';
import type { VisitRecorder } from '../visit-recorder';

export type VisitModule = typeof import('../visit-recorder');
/** The events of a moment of the visit, worked out with the recorder's module (which derives them from survey states). */
export type VisitMoment = (visits: VisitModule) => readonly VisitEventDraft[];

export interface Visit {
  record: (moment: VisitMoment) => void;
  /** The visit ended (sent or saved): the page's next survey is another visit. */
  end: () => void;
  /** The visit's id, once started. */
  id: () => string | undefined;
}

/** The visit of the survey screen; `visits` is the recorder's module once it has loaded. */
export function useVisit(binding: ToolkitBinding, survey: CompiledSurvey, api: Pick<ApiClient, 'recordVisitEvents'>, visits: VisitModule | undefined): Visit {
  // The page's language is one of the 14 (src/i18n activates no other).
  const language = useLingui().i18n.locale as Language;
  const visit = useRef<{ recorder?: VisitRecorder; waiting: VisitMoment[]; ended?: boolean }>({ waiting: [] }).current;
  useEffect(() => {
    if (!visits) return undefined;
    const recorder = visits.startVisit({ api, route: binding.route, toolkit: binding.toolkit, version: survey.version, language });
    visit.recorder = recorder;
    for (const moment of visit.waiting.splice(0)) recorder.record(moment(visits));
    if (visit.ended) recorder.end();
    return () => {
      recorder.stop();
      visit.recorder = undefined;
    };
  }, [visit, visits, api, binding.route, binding.toolkit, survey.version, language]);
  return {
    record: (moment) => (visit.recorder && visits ? visit.recorder.record(moment(visits)) : visit.waiting.push(moment)),
    end: () => {
      visit.ended = true;
      visit.recorder?.end();
    },
    id: () => visit.recorder?.visit,
  };
}
