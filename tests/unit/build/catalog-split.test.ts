// Which source files only the later screens reach (scripts/build/catalog-split.mjs): their messages go
// to the part of the catalogs those screens load, so none may be a file another entry reaches.
import { readFile } from 'node:fs/promises';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LATER_ENTRIES, laterOnlySources } from '../../../scripts/build/catalog-split.mjs';
import { metafileOutput as output } from './metafile-output';

describe('the sources only the later screens reach', () => {
  const metafile: Metafile = {
    inputs: {},
    outputs: {
      'main.js': output('src/app/main.ts', ['src/app/main.ts'], ['shared-all.js'], ['start.js']),
      'start.js': output('src/app/start.tsx', ['src/app/start.tsx', 'src/app/App.tsx'], ['shared-all.js'], ['survey.js', 'confirm.js', 'later.js', 'unavailable.js']),
      'survey.js': output('src/app/pages/SurveyPage.tsx', ['src/app/pages/SurveyPage.tsx', 'src/app/survey/SurveyScreen.tsx'], ['shared-survey-later.js', 'shared-all.js'], ['later.js']),
      'later.js': output('src/app/survey/later-screens.ts', ['src/app/survey/later-screens.ts', 'src/app/survey/Confirmation.tsx'], ['shared-survey-later.js', 'shared-later-confirm.js']),
      'confirm.js': output('src/app/pages/ConfirmPage.tsx', ['src/app/pages/ConfirmPage.tsx'], ['shared-later-confirm.js', 'shared-confirm-unavailable.js']),
      'unavailable.js': output('src/app/components/PageUnavailable.tsx', ['src/app/components/PageUnavailable.tsx'], ['shared-confirm-unavailable.js']),
      'shared-all.js': output(undefined, ['src/app/components/Layout.tsx']),
      'shared-survey-later.js': output(undefined, ['src/engine/transition.ts']),
      'shared-later-confirm.js': output(undefined, ['src/app/components/SuccessPanel.tsx']),
      'shared-confirm-unavailable.js': output(undefined, ['src/app/components/HelpLinks.tsx']),
    },
  };

  it('are the later entries’ own and what only they share; not what the survey page, the start or any other entry reaches', () => {
    expect(laterOnlySources(metafile)).toEqual(['src/app/components/SuccessPanel.tsx', 'src/app/pages/ConfirmPage.tsx', 'src/app/survey/Confirmation.tsx', 'src/app/survey/later-screens.ts']);
  });

  it('are the screens the app loads with the later messages (App.tsx, LaterScreen.tsx)', async () => {
    const [app, later] = await Promise.all([readFile('src/app/App.tsx', 'utf8'), readFile('src/app/survey/LaterScreen.tsx', 'utf8')]);
    const pages = LATER_ENTRIES.flatMap((entry) => /^src\/app\/pages\/(\w+)\.tsx$/.exec(entry)?.[1] ?? []);
    expect(pages.sort()).toEqual(['ConfirmPage', 'MainPage', 'NoSubscriptionPage']);
    for (const page of pages) expect(app, page).toContain(`withLaterMessages(() => loadChunk('${page}', () => import('./pages/${page}')), loadChunk)`);
    expect(LATER_ENTRIES).toContain('src/app/survey/later-screens.ts');
    expect(later).toContain(`withLaterMessages(() => loadChunk('SurveyLaterScreens', () => import('./later-screens')), loadChunk)`);
  });
});
