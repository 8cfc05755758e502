// Bench: /dev/insights.json over a range of 1 million visits. The built server migrates a fresh SQLite
// file; the visits are then written straight into it (generated: 30 days, the toolkits, both audiences,
// four languages, two survey versions, each visit walking the first steps of the SEO survey and
// ending saved, cancelled, confirmed or abandoned), with the day's counts of states and events the
// server keeps as events arrive. The server is started again on the file and the insights of the whole
// range are asked for, several times; the median and the spread are reported.
// Run alone with `tsx scripts/bench/insights-scale.ts [VISITS]` after `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { BUILT_SERVER, startBuiltServer } from './serve';
import { median } from './stats';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 30;
const TOOLKITS = ['seo', 'all-at-once', 'local', 'social'];
const AUDIENCES = ['paid', 'trial'];
const LANGUAGES = ['en', 'de', 'fr', 'es'];
const VERSIONS = ['0000000000a1', '0000000000b2'];
const OUTCOMES = ['', 'saved', 'cancelled', 'confirmed'];
/** The steps a generated visit may walk, in order, and an answer chosen on each but the offer. */
const WALK: [string, string][] = [
  ['reason', 'not-meeting-needs'],
  ['what-could-be-better', 'price-too-high'],
  ['discount-offer', ''],
  ['competitors', 'will-use-other'],
];
const RUNS = 7;

/** A small deterministic generator, so two runs measure the same data. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(values: readonly T[], random: () => number): T => values[Math.floor(random() * values.length)] as T;

/** Writes `visits` generated visits and their day's counts into the migrated database `file`. */
export function fillVisits(file: string, visits: number, start: number): void {
  const db = new Database(file);
  const random = generator(17);
  const insertVisit = db.prepare(
    `INSERT INTO survey_visits (visit_id, user_id, toolkit, audience, language, version, experiment, variant, survey, day, started_at, last_event_at, last_step, last_type, outcome)
     VALUES (?, ?, ?, ?, ?, ?, '', '', 'cancellation', ?, ?, ?, ?, ?, ?)`,
  );
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const states = new Map<string, number>();
  db.transaction(() => {
    for (let i = 0; i < visits; i++) {
      const dayIndex = Math.floor(random() * DAYS);
      const at = start + dayIndex * DAY_MS + Math.floor(random() * DAY_MS);
      const day = new Date(start + dayIndex * DAY_MS).toISOString().slice(0, 10);
      const group = [pick(TOOLKITS, random), pick(AUDIENCES, random), pick(LANGUAGES, random), pick(VERSIONS, random)];
      const steps = 1 + Math.floor(random() * WALK.length);
      const outcome = pick(OUTCOMES, random);
      const prefix = `${day}\u0000${group.join('\u0000')}`;
      for (let s = 0; s < steps; s++) {
        const [step, answer] = WALK[s] as [string, string];
        count(`${prefix}\u0000step\u0000${step}\u0000`);
        if (step === 'discount-offer') count(`${prefix}\u0000offer-shown\u0000${step}\u0000`);
        else if (s < steps - 1) count(`${prefix}\u0000answer\u0000${step}\u0000${answer}`);
        if (s > 0) count(`${prefix}\u0000move\u0000${WALK[s - 1]?.[0]}\u0000${step}`);
      }
      const lastStep = WALK[steps - 1]?.[0] ?? 'reason';
      const left = outcome === '' && random() < 0.5;
      insertVisit.run(`v${i}`, `u${i}`, ...group, day, at, at + 60_000, lastStep, left ? 'leave' : 'step', outcome);
      const state = `${prefix}\u0000${outcome}\u0000${lastStep}\u0000${left ? 1 : 0}`;
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    const insertCount = db.prepare(
      `INSERT INTO visit_counts (day, toolkit, audience, language, version, experiment, variant, metric, step, answer, count) VALUES (?, ?, ?, ?, ?, '', '', ?, ?, ?, ?)`,
    );
    for (const [key, n] of counts) insertCount.run(...key.split('\u0000'), n);
    const insertState = db.prepare(
      `INSERT INTO visit_states (day, toolkit, audience, language, version, experiment, variant, outcome, last_step, left_page, count) VALUES (?, ?, ?, ?, ?, '', '', ?, ?, ?, ?)`,
    );
    for (const [key, n] of states) {
      const [day, toolkit, audience, language, version, outcome, lastStep, left] = key.split('\u0000');
      insertState.run(day, toolkit, audience, language, version, outcome, lastStep, Number(left), n);
    }
    const insertVersion = db.prepare("INSERT INTO survey_versions (version, survey, git_commit, first_served_at) VALUES (?, 'cancellation', NULL, ?) ON CONFLICT (version) DO NOTHING");
    for (const version of VERSIONS) insertVersion.run(version, start);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
}

/** The bench's lines: the generation, and the insights' answer time over the whole range. */
export async function benchInsightsScale(visits = 1_000_000, serverFile = BUILT_SERVER): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cancel-insights-bench-'));
  const file = join(dir, 'insights.db');
  try {
    const migrating = await startBuiltServer(file, {}, serverFile);
    await migrating.stop();
    const start = Date.UTC(2026, 9, 1);
    const filled = performance.now();
    fillVisits(file, visits, start);
    const fillMs = performance.now() - filled;
    const server = await startBuiltServer(file, {}, serverFile);
    try {
      const url = `${server.base}/dev/insights.json?from=2026-10-01&to=2026-10-30`;
      const times: number[] = [];
      let groups = 0;
      let counted = 0;
      for (let run = 0; run < RUNS; run++) {
        const began = performance.now();
        const response = await fetch(url);
        const body = (await response.json()) as { groups?: { visits: number }[] };
        times.push(performance.now() - began);
        if (!response.ok || body.groups === undefined) throw new Error(`insights answered ${response.status}`);
        groups = body.groups.length;
        counted = body.groups.reduce((sum, group) => sum + group.visits, 0);
      }
      if (counted !== visits) throw new Error(`the insights counted ${counted} visits of ${visits}`);
      return [
        `${visits.toLocaleString('en')} visits generated and written in ${Math.round(fillMs)} ms (SQLite)`,
        `GET /dev/insights.json over the 30 days (${groups} toolkit × version groups, every visit counted): median ${Math.round(median(times))} ms, min ${Math.round(Math.min(...times))} ms, max ${Math.round(Math.max(...times))} ms over ${RUNS} runs`,
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const visits = Number(process.argv[2] ?? 1_000_000);
  for (const line of await benchInsightsScale(visits)) console.log(line);
}
