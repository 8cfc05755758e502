// npm run survey:graph -- --policy ID: the flow as a cancellation policy shapes it.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STYLES } from '../../../scripts/survey-tools';
import { main } from '../../../scripts/survey-tools/graph-cli';
import { labelText, parseDot } from './dot-parse';
import type { DotStatement } from './dot-parse';

/** A project root holding a copy of survey/ (and no catalogs, so untranslated texts do not stop the drawing). */
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'policy-picture-'));
  await cp('survey', join(root, 'survey'), { recursive: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The DOT statements survey:graph writes for the arguments. */
async function drawn(args: readonly string[]): Promise<DotStatement[]> {
  const file = join(root, `${args.join('_').replace(/\W+/g, '-') || 'as-authored'}.dot`);
  expect(await main([...args, '--out', file], root, () => {})).toBe(0);
  return parseDot(await readFile(file, 'utf8'));
}

const controls = (statements: readonly DotStatement[]): DotStatement[] => statements.filter((s) => s.attrs.class?.split(' ').includes('cancel-now'));
const withheld = (statements: readonly DotStatement[]): string[] =>
  statements.filter((s) => s.to === undefined && s.attrs.class?.split(' ').includes('withheld')).map((s) => s.from);

describe('survey:graph --policy', () => {
  it('draws a dashed arrow labelled with the control from every screen but the closing form to the closing form', async () => {
    const statements = await drawn(['--policy', 'de-312k']);
    const arrows = controls(statements);
    expect(arrows.map((s) => s.from)).toEqual(['reason', 'why-not-using', 'what-could-be-better', 'why-not-sure', 'discount-offer', 'downgrade-offer', 'competitors', 'other-services']);
    for (const arrow of arrows) {
      expect(arrow.to).toBe('final');
      expect(arrow.attrs.style).toBe('dashed');
      expect(labelText(arrow.attrs.label)).toBe('Cancel now');
    }
    // The trial-only question's arrow is marked like the question.
    expect(arrows.find((s) => s.from === 'why-not-sure')?.attrs.class).toBe('cancel-now trial-only');
    expect(withheld(statements)).toEqual([]);
  });

  it('draws the control beside the offers only where the policy puts it there, with its own label', async () => {
    const arrows = controls(await drawn(['--policy', 'us-ca', '--audience', 'paid']));
    expect(arrows.map((s) => [s.from, s.to])).toEqual([
      ['discount-offer', 'final'],
      ['downgrade-offer', 'final'],
    ]);
    const eu = controls(await drawn(['--policy', 'eu-withdrawal', '--audience', 'paid']));
    expect(new Set(eu.map((s) => labelText(s.attrs.label)))).toEqual(new Set(['Withdraw from contract here']));
  });

  it('greys the offers a policy withholds, and draws no control where it has none', async () => {
    const statements = await drawn(['--policy', 'us-mn']);
    expect(withheld(statements)).toEqual(['discount-offer', 'downgrade-offer']);
    expect(statements.find((s) => s.from === 'discount-offer' && s.to === undefined)?.attrs.fillcolor).toBe('#f2f2f2');
    expect(labelText(statements.find((s) => s.from === 'discount-offer' && s.to === undefined)?.attrs.label)).toContain('withheld: never shown');
    expect(controls(statements)).toEqual([]);
  });

  it('names the policy in the title of the picture and of the page, and explains its looks in the legend', async () => {
    const dot = join(root, 'titled.dot');
    const html = join(root, 'titled.html');
    expect(await main(['--policy', 'de-312k', '--out', dot], root, () => {})).toBe(0);
    expect(await main(['--policy', 'us-mn', '--out', html], root, () => {})).toBe(0);
    expect(await readFile(dot, 'utf8')).toMatch(/^digraph "cancellation \(trial and paid users, under policy de-312k\)" \{/);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<title>Survey flow: cancellation — trial and paid users — under policy us-mn (Minnesota, §325G.56)</title>');
    expect(page).toContain('an offer us-mn withholds: never shown, the survey passes it by');
  });

  it('draws nothing of a policy without the flag', async () => {
    const statements = await drawn([]);
    expect(controls(statements)).toEqual([]);
    expect(withheld(statements)).toEqual([]);
    expect(statements.find((s) => s.from === 'discount-offer' && s.to === undefined)?.attrs.fillcolor).toBe(NODE_STYLES.offer.fill);
  });

  it('refuses a policy policies.yaml does not have, naming those it has', async () => {
    const errors: string[] = [];
    expect(await main(['--policy', 'de-312', '--out', join(root, 'x.dot')], root, () => {}, (line) => errors.push(line))).toBe(2);
    expect(errors[0]?.split('\n')[0]).toBe("no policy 'de-312' (policies: de-312k, eu-withdrawal, spec-default, uk-dmcc-draft, us-ca, us-mn)");
  });
});
