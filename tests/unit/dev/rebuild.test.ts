// Which steps a development rebuild runs for which changes, and what it reports.
import { describe, expect, it } from 'vitest';
import type { BuildTasks } from '../../../scripts/dev/build-tasks';
import { fromEsbuildMessage, parseWarnings } from '../../../scripts/dev/dev-problems';

const CATALOG_WARNING = "locales/de/messages.po:40:1: warning untranslated: 'In-house now' has no translation in de, fr";
import { withLiveReload } from '../../../scripts/dev/front-server';
import { rebuild } from '../../../scripts/dev/rebuild';
import { isSource } from '../../../scripts/dev/source-watcher';

/** Steps that record their calls; `serverChanged` and `surveyChanged` say what the bundles did. */
function recordingTasks(
  outcome: { surveyChanged?: boolean; serverChanged?: boolean; surveyProblem?: boolean; appError?: boolean; untranslated?: boolean } = {},
) {
  const calls: string[] = [];
  const tasks: BuildTasks = {
    catalogs: async () => {
      calls.push('catalogs');
      return outcome.untranslated ? parseWarnings(`i18n: checking\n${CATALOG_WARNING}\n`) : [];
    },
    survey: async () => {
      calls.push('survey');
      const problems = outcome.surveyProblem
        ? [{ file: '/project/survey/cancellation.yaml', line: 12, col: 5, code: 'unknown-step' as const, message: "'competitor' is not a step" }]
        : [];
      const warnings = outcome.untranslated
        ? [{ file: '/project/survey/cancellation.yaml', line: 86, col: 15, code: 'missing-translation' as const, message: "'In-house now' has no translation in de, fr" }]
        : [];
      return { problems, warnings, changed: outcome.surveyChanged ?? false };
    },
    pictures: async () => void calls.push('pictures'),
    app: async () => {
      calls.push('app');
      return outcome.appError
        ? [fromEsbuildMessage({ id: '', pluginName: '', text: 'Expected ";" but found "}"', location: { file: 'src/app/App.tsx', line: 3, column: 9, length: 1, lineText: '', namespace: 'file', suggestion: '' }, notes: [], detail: undefined })]
        : [];
    },
    server: async () => {
      calls.push('server');
      return { problems: [], changed: outcome.serverChanged ?? false };
    },
    dispose: async () => {},
  };
  const restart = async (): Promise<void> => void calls.push('restart');
  return { calls, tasks, restart };
}

describe('rebuild', () => {
  it('a source change rebuilds the app and the server, and restarts the server only when its bundle changed', async () => {
    const same = recordingTasks();
    expect((await rebuild(same.tasks, '/project', ['src/app/App.tsx'], { restart: same.restart })).problems).toEqual([]);
    expect(same.calls.sort()).toEqual(['app', 'server']);

    const changed = recordingTasks({ serverChanged: true });
    const result = await rebuild(changed.tasks, '/project', ['src/server/dev/dev.ts'], { restart: changed.restart });
    expect(changed.calls.sort()).toEqual(['app', 'restart', 'server']);
    expect(result.timings.map(([step]) => step).sort()).toEqual(['app', 'restart', 'server']);
  });

  it('a YAML change compiles the survey first; a changed survey restarts the server and asks for pictures', async () => {
    const { calls, tasks, restart } = recordingTasks({ surveyChanged: true });
    const result = await rebuild(tasks, '/project', ['survey/cancellation.yaml'], { restart });
    expect(calls[0]).toBe('survey');
    expect(calls.slice(1).sort()).toEqual(['app', 'restart', 'server']);
    expect(result.surveyChanged).toBe(true);
  });

  it('a catalog change compiles the catalogs, then the survey (its check reads them)', async () => {
    const { calls, tasks } = recordingTasks();
    await rebuild(tasks, '/project', ['locales/de/messages.po']);
    expect(calls.slice(0, 2)).toEqual(['catalogs', 'survey']);
  });

  it('stops at the survey’s problems, with their files relative to the root', async () => {
    const { calls, tasks, restart } = recordingTasks({ surveyProblem: true });
    const result = await rebuild(tasks, '/project', ['survey/cancellation.yaml'], { restart });
    expect(calls).toEqual(['survey']);
    expect(result.problems).toEqual([
      {
        file: 'survey/cancellation.yaml',
        line: 12,
        col: 5,
        code: 'unknown-step',
        message: "'competitor' is not a step",
        text: "survey/cancellation.yaml:12:5: error unknown-step: 'competitor' is not a step",
      },
    ]);
  });

  it('goes on past texts without translations, and returns them as warnings of the steps that found them', async () => {
    const { calls, tasks, restart } = recordingTasks({ untranslated: true, surveyChanged: true });
    const result = await rebuild(tasks, '/project', ['locales/de/messages.po'], { restart });
    expect(result.problems).toEqual([]);
    expect(calls.sort()).toEqual(['app', 'catalogs', 'restart', 'server', 'survey']);
    expect(result.warnings.survey?.map((w) => w.text)).toEqual([
      "survey/cancellation.yaml:86:15: warning missing-translation: 'In-house now' has no translation in de, fr",
    ]);
    expect(result.warnings.catalogs).toEqual([
      { file: 'locales/de/messages.po', line: 40, col: 1, code: 'untranslated', message: "'In-house now' has no translation in de, fr", text: CATALOG_WARNING },
    ]);
    // A YAML edit does not compile the catalogs: their warnings are not reported again, nor dropped.
    expect(Object.keys((await rebuild(tasks, '/project', ['survey/cancellation.yaml'], { restart })).warnings)).toEqual(['survey']);
  });

  it('reports an esbuild error at its 1-based line and column', async () => {
    const { tasks } = recordingTasks({ appError: true });
    const result = await rebuild(tasks, '/project', ['src/app/App.tsx']);
    expect(result.problems.map((p) => p.text)).toEqual(['src/app/App.tsx:3:10: error build-error: Expected ";" but found "}"']);
    expect(result.restart).toBe(false);
  });
});

describe('the watcher', () => {
  it('rebuilds for sources, YAML and catalogs; not for what the build writes or editors leave', () => {
    for (const path of ['src/app/App.tsx', 'src/app/styles/base.css', 'survey/cancellation.yaml', 'locales/de/messages.po']) expect(isSource(path), path).toBe(true);
    for (const path of ['src/generated/survey.json', 'survey/.cancellation.yaml.swp', 'survey/cancellation.yaml~', 'src/app/4913']) expect(isSource(path), path).toBe(false);
    expect(isSource('src/engine/kinds/kinds.generated.ts')).toBe(false);
  });
});

describe('withLiveReload', () => {
  it('adds the script at the end of the head, or at the start of a page without one', () => {
    expect(withLiveReload('<html><head><title>x</title></HEAD><body></body></html>')).toBe(
      '<html><head><title>x</title><script src="/dev/live-reload.js" defer></script>\n</HEAD><body></body></html>',
    );
    expect(withLiveReload('<p>hi</p>')).toBe('<script src="/dev/live-reload.js" defer></script>\n<p>hi</p>');
  });
});
