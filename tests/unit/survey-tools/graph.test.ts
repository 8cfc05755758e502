import { beforeAll, describe, expect, it } from 'vitest';
import { isStepOfType, AUDIENCES } from '../../../src/model';
import type { Audience, ChoiceAnswer, CompiledBundle } from '../../../src/model';
import { compileSurveyProject } from '../../../scripts/survey';
import { GRAPH_VIEWS, legendEntries, flowPicture, NODE_STYLES, stepText, surveyGraphDot, surveyGraphSvg } from '../../../scripts/survey-tools';
import type { GraphView } from '../../../scripts/survey-tools';
import { SHAPE_SAMPLES } from '../../../scripts/survey-tools/graph-legend';
import { labelText, parseDot } from './dot-parse';
import type { DotStatement } from './dot-parse';
import { svgGroups } from './svg-parse';
import type { SvgGroup } from './svg-parse';

let bundle: CompiledBundle;
const dots = new Map<GraphView, DotStatement[]>();
const svgs = new Map<GraphView, SvgGroup[]>();

beforeAll(async () => {
  bundle = await compileSurveyProject(process.cwd());
  for (const view of GRAPH_VIEWS) {
    dots.set(view, parseDot(surveyGraphDot(bundle, 'cancellation', view)));
    svgs.set(view, svgGroups(await surveyGraphSvg(bundle, 'cancellation', view)));
  }
});

const flow = (audience: Audience) => {
  const found = bundle.surveys.cancellation?.audiences[audience];
  if (!found) throw new Error(`no ${audience} flow`);
  return found;
};
const viewsOf = (audience: Audience): GraphView[] => [audience, 'both'];
const dotOf = (view: GraphView): DotStatement[] => dots.get(view) ?? [];
const svgOf = (view: GraphView): SvgGroup[] => svgs.get(view) ?? [];
const dotNode = (view: GraphView, id: string) => dotOf(view).find((s) => s.to === undefined && s.from === id);
const dotEdgesFrom = (view: GraphView, from: string, to: string) => dotOf(view).filter((s) => s.from === from && s.to === to);
const svgNode = (view: GraphView, id: string) => svgOf(view).find((g) => g.classes[0] === 'node' && g.title === id);
const svgEdges = (view: GraphView, from: string, to: string) => svgOf(view).filter((g) => g.classes[0] === 'edge' && g.title === `${from}->${to}`);
/** Which audiences see an answer (same next step) of a step. */
const seenBy = (stepId: string, answer: ChoiceAnswer): Audience[] =>
  AUDIENCES.filter((a) => {
    const step = flow(a).steps[stepId];
    return isStepOfType(step, 'choice') && step.answers.some((x) => x.id === answer.id && x.next === answer.next);
  });

describe.each(AUDIENCES)('the graph of the shipped survey shows every %s step and answer', (audience) => {
  it.each(viewsOf(audience))('in the %s view: each step with its id, type style and question or heading', (view) => {
    for (const step of Object.values(flow(audience).steps)) {
      const node = dotNode(view, step.id);
      expect(node, step.id).toBeDefined();
      expect(labelText(node?.attrs.label)).toContain(stepText(step));
      expect(labelText(node?.attrs.label)).toContain(step.id);
      expect(node?.attrs.shape).toBe(NODE_STYLES[step.type].shape);
      expect(svgNode(view, step.id)?.text, step.id).toContain(stepText(step));
    }
  });

  it.each(viewsOf(audience))('in the %s view: each answer on an arrow to its next step', (view) => {
    for (const step of Object.values(flow(audience).steps)) {
      if (!isStepOfType(step, 'choice')) continue;
      for (const answer of step.answers) {
        const dotTexts = dotEdgesFrom(view, step.id, answer.next).map((e) => labelText(e.attrs.label));
        expect(dotTexts.some((text) => text.includes(answer.text)), `${step.id} › ${answer.id}`).toBe(true);
        const svgTexts = svgEdges(view, step.id, answer.next).map((g) => g.text);
        expect(svgTexts.some((text) => text.includes(answer.text)), `${step.id} › ${answer.id} in the SVG`).toBe(true);
      }
    }
  });

  it('in its own view marks nothing as one audience only', () => {
    const marked = dotOf(audience).filter((s) => /(trial|paid)-only/.test(s.attrs.class ?? ''));
    expect(marked).toEqual([]);
    expect(svgOf(audience).some((g) => /\((trial|paid) only\)/.test(g.text))).toBe(false);
  });
});

describe('the combined graph', () => {
  it('marks each answer one audience only sees with that audience, and shared answers with none', () => {
    let marked = 0;
    for (const audience of AUDIENCES) {
      for (const step of Object.values(flow(audience).steps)) {
        if (!isStepOfType(step, 'choice')) continue;
        for (const answer of step.answers) {
          const who = seenBy(step.id, answer);
          const edges = dotEdgesFrom('both', step.id, answer.next).filter((e) => labelText(e.attrs.label).includes(answer.text));
          const groups = svgEdges('both', step.id, answer.next).filter((g) => g.text.includes(answer.text));
          if (who.length === 1) {
            marked++;
            const mark = `${answer.text} (${audience} only)`;
            expect(edges.some((e) => e.attrs.class?.split(' ').includes(`${audience}-only`) && labelText(e.attrs.label).includes(mark)), mark).toBe(true);
            expect(groups.some((g) => g.classes.includes(`${audience}-only`) && g.text.includes(mark)), `${mark} in the SVG`).toBe(true);
          } else {
            expect(edges.some((e) => !/-only/.test(e.attrs.class ?? '')), `${step.id} › ${answer.id} is shared`).toBe(true);
          }
        }
      }
    }
    // business struggling (paid); too early, learn SEO, just trying, not sure if I need it and its 4 answers (trial)
    expect(marked).toBe(9);
  });

  it('marks the step only trial users see, and the field only paid users see', () => {
    expect(dotNode('both', 'why-not-sure')?.attrs.class).toBe('step choice trial-only');
    expect(labelText(dotNode('both', 'why-not-sure')?.attrs.label)).toContain('(trial only)');
    expect(labelText(dotNode('both', 'final')?.attrs.label)).toContain('Have anything else to add? (text, optional) (paid only)');
    expect(svgNode('both', 'final')?.text).toContain('(paid only)');
  });

  it('lists the fields of the final form in a shape of its own', () => {
    const final = dotNode('both', 'final');
    expect(final?.attrs.shape).toBe(NODE_STYLES.form.shape);
    expect(new Set(Object.values(NODE_STYLES).map((style) => style.shape)).size).toBe(Object.keys(NODE_STYLES).length);
    for (const label of ['Name', 'Contact email', 'Have anything else to add?', 'I agree that all my projects will be deleted']) {
      expect(labelText(final?.attrs.label)).toContain(label);
    }
  });

  it('numbers the services question 3.5 and the competitors question 3', () => {
    expect(labelText(dotNode('both', 'other-services')?.attrs.label)).toMatch(/^STEP 3\.5 · text · other-services/);
    expect(labelText(dotNode('both', 'competitors')?.attrs.label)).toMatch(/^STEP 3 · choice · competitors/);
  });

  it('draws the answers that skip the competitors question dashed, and says so', () => {
    const skips = dotOf('both').filter((s) => s.attrs.style === 'dashed');
    const skipping = skips.flatMap((s) => (/skips (step 2 and )?the competitors question$/.test(labelText(s.attrs.label)) ? [s.from] : []));
    expect(new Set(skipping)).toEqual(new Set(['reason', 'why-not-using', 'what-could-be-better', 'why-not-sure']));
    const another = dotEdgesFrom('both', 'reason', 'final')[0];
    expect(labelText(another?.attrs.label)).toContain('I have another account / I want to change my subscription ↷ skips step 2 and the competitors question');
    const struggling = dotOf('both').find((s) => labelText(s.attrs.label).includes('My business is struggling'));
    expect(struggling?.attrs.style).toBe('dashed');
    expect(dotEdgesFrom('both', 'competitors', 'final')[0]?.attrs.style).toBeUndefined();
    const legend = legendEntries(flowPicture(bundle.surveys.cancellation ?? (undefined as never), 'both')).map((e) => e.meaning);
    expect(legend.some((meaning) => meaning.startsWith('skips the competitors question'))).toBe(true);
  });

  it("draws 'Other' arrows with a hollow head, on arrows of their own", () => {
    const others = dotOf('both').filter((s) => s.attrs.class?.split(' ').includes('other'));
    expect(others.map((s) => s.from)).toEqual(['reason', 'why-not-using', 'what-could-be-better', 'why-not-sure']);
    for (const other of others) {
      expect(other.attrs.arrowhead).toBe('onormal');
      expect(labelText(other.attrs.label)).toMatch(/^• Other( \(trial only\))? ↷ skips/);
    }
  });
});

describe('labels', () => {
  it('escapes texts for DOT and HTML, and Graphviz shows them as written', async () => {
    const tricky = 'Why <b>not</b> "now" & \\ later? It’s <3';
    const copy = structuredClone(bundle);
    const step = copy.surveys.cancellation?.audiences.paid.steps['why-not-using'];
    if (!isStepOfType(step, 'choice')) throw new Error('no why-not-using step');
    step.question = tricky;
    const answer = step.answers[0];
    if (!answer) throw new Error('no answer');
    answer.text = `${tricky} (answer)`;
    const dot = surveyGraphDot(copy, 'cancellation', 'paid');
    expect(dot).not.toContain('<b>not</b>');
    expect(dot).toContain('&lt;b&gt;not&lt;/b&gt;');
    expect(dot).toContain('&quot;now&quot; &amp;');
    expect(labelText(parseDot(dot).find((s) => s.from === 'why-not-using' && !s.to)?.attrs.label)).toContain(tricky);
    const groups = svgGroups(await surveyGraphSvg(copy, 'cancellation', 'paid'));
    expect(groups.find((g) => g.title === 'why-not-using')?.text).toContain(tricky);
    expect(groups.some((g) => g.classes[0] === 'edge' && g.text.includes(`${tricky} (answer)`))).toBe(true);
  });

  it('names an unknown survey with the ones there are', () => {
    expect(() => surveyGraphDot(bundle, 'cancelation', 'both')).toThrow("no survey 'cancelation' (surveys: cancellation, growth-kit)");
  });
});

describe('the legend', () => {
  it('shows each kind of step in the shape the picture draws it', () => {
    const shapes = new Set(Object.values(NODE_STYLES).map((style) => style.shape));
    for (const shape of shapes) expect(SHAPE_SAMPLES[shape], `no legend sample of the ${shape} shape`).toBeDefined();
    // Each shape its own drawing: an offer is not shown as a choice's rounded box.
    expect(new Set([...shapes].map((shape) => SHAPE_SAMPLES[shape])).size).toBe(shapes.size);
    const picture = flowPicture(bundle.surveys.cancellation ?? (undefined as never), 'both');
    const offer = legendEntries(picture).find((entry) => entry.meaning === NODE_STYLES.offer.name);
    expect(offer?.sample).toContain(SHAPE_SAMPLES.octagon);
  });
});

describe('a skip through a retention offer', () => {
  it('marks the arrow out of an offer that jumps over a question, and not the arrow into it', () => {
    const survey = structuredClone(bundle.surveys.cancellation ?? (undefined as never));
    for (const audience of AUDIENCES) {
      const offer = survey.audiences[audience].steps['discount-offer'];
      if (offer?.type !== 'offer') throw new Error(`no discount offer for ${audience} users`);
      offer.next = 'final';
    }
    const edges = flowPicture(survey, 'both').edges;
    const edge = (from: string, to: string) => edges.find((candidate) => candidate.from === from && candidate.to === to);
    // Step 2 → the offer → step 4: the customer who declines never sees the competitors question.
    expect(edge('discount-offer', 'final')?.skips).toBe('skips the competitors question');
    expect(edge('what-could-be-better', 'discount-offer')?.skips).toBeUndefined();
    // The shipped offers lead on to the competitors question, which they skip nothing of.
    expect(flowPicture(bundle.surveys.cancellation ?? (undefined as never), 'both').edges.filter((e) => e.from.endsWith('-offer')).map((e) => e.skips)).toEqual([undefined, undefined]);
  });
});
