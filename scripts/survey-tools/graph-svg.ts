import type { CancellationPolicy, CompiledBundle } from '../../src/model';
import { surveyGraphDot } from './graph-dot';
import type { GraphView } from './graph-view';

interface DotRenderer {
  dot(source: string): string;
}

let graphviz: Promise<DotRenderer> | undefined;

/** Graphviz (WebAssembly), loaded once per process. */
function loadGraphviz(): Promise<DotRenderer> {
  graphviz ??= import('@hpcc-js/wasm-graphviz').then(({ Graphviz }) => Graphviz.load());
  return graphviz;
}

/** Lays out DOT source with Graphviz's dot layout and returns the SVG document. */
export async function renderDotSvg(dot: string): Promise<string> {
  return (await loadGraphviz()).dot(dot);
}

/** The survey's branching graph for one audience or both (under `policy`, where given), laid out by Graphviz dot, as an SVG document. */
export async function surveyGraphSvg(bundle: CompiledBundle, surveyId: string, view: GraphView, policy?: CancellationPolicy): Promise<string> {
  return renderDotSvg(surveyGraphDot(bundle, surveyId, view, policy));
}
