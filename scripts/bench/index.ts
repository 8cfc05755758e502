// `npm run bench`: every benchmark of the project, one report. Figures are printed, not asserted.
import { benchServer } from './server';
import { benchSurvey } from './survey';

const sections: [string, () => Promise<string[]>][] = [
  ['survey check and compile', () => benchSurvey()],
  ['survey-storage endpoint under load (loopback)', () => benchServer()],
];

for (const [title, run] of sections) {
  console.log(`\n## ${title}`);
  for (const line of await run()) console.log(line);
}
