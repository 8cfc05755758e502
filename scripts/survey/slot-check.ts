import { AUDIENCES } from '../../src/model';
import type { PayloadSlot } from '../../src/model';
import { reporterFor } from './load-yaml';
import type { YamlFile } from './load-yaml';
import type { Problem } from './problems';
import { compilerKindOf } from './kinds';
import type { Filler, StepDef, SurveyDef } from './survey-def';
import { visibleTo } from './survey-def';
import { edgesFor, stepsById } from './survey-graph';
import type { EdgeDef } from './survey-graph';

/** What each slot holds so far on one path: the step that filled it, and whether a text step added its comment. */
type Filled = ReadonlyMap<PayloadSlot, { by: string; kind: Filler['kind'] | 'choice+text' }>;

/**
 * Checks that no path through a survey writes a payload slot twice: the server stores one entry per
 * slot, so a second question in the same slot would lose the first one's answer, and the server could
 * no longer tell which way the customer went. The one exception is the 3.5 pattern: a text step after
 * a choice of the same slot, whose text becomes the choice's comment. Loops and unknown steps are the
 * graph and reference checks' problems, and are passed over here.
 */
export function checkSlots(def: SurveyDef, yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);
  const steps = stepsById(def);
  const start = def.start && steps.get(def.start.name);
  if (!start) return problems;
  const reported = new Set<string>();

  for (const audience of AUDIENCES) {
    if (!visibleTo(start.audience, audience)) continue;
    const out = new Map<string, EdgeDef[]>();
    for (const edge of edgesFor(def, audience)) out.set(edge.from.id.name, [...(out.get(edge.from.id.name) ?? []), edge]);
    // Each step is walked once per distinct set of filled slots: few sets exist, so this stays linear in practice.
    const done = new Set<string>();
    const visit = (step: StepDef, filled: Filled, trail: readonly string[]): void => {
      const key = `${step.id.name}|${[...filled].map(([slot, f]) => `${slot}=${f.by}:${f.kind}`).join(',')}`;
      if (done.has(key) || trail.includes(step.id.name)) return;
      done.add(key);
      const next = new Map(filled);
      for (const filler of compilerKindOf(step).fillers(step, audience)) {
        const before = next.get(filler.slot);
        if (before === undefined || (before.kind === 'choice' && filler.kind === 'text')) {
          next.set(filler.slot, before ? { by: before.by, kind: 'choice+text' } : { by: step.id.name, kind: filler.kind });
          continue;
        }
        const where = JSON.stringify(filler.path);
        if (reported.has(where)) continue;
        reported.add(where);
        const earlier =
          before.by === step.id.name
            ? 'which another comment of this step writes too'
            : `which step '${before.by}' already wrote on the way here (${[...trail, step.id.name].join(' → ')})`;
        report(filler.path, 'slot-reused', `${filler.what} writes ${filler.slot}, ${earlier}; one of the two answers would be lost: give it another slot`);
      }
      for (const edge of out.get(step.id.name) ?? []) {
        const target = edge.to && steps.get(edge.to.name);
        if (target) visit(target, next, [...trail, step.id.name]);
      }
    };
    visit(start, new Map(), []);
  }
  return problems;
}
