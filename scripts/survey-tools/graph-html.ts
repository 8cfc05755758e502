import type { CancellationPolicy, CompiledBundle } from '../../src/model';
import { escapeHtml } from './escape';
import { surveyOf } from './graph-dot';
import { legendEntries, legendHtml } from './graph-legend';
import { surveyGraphSvg } from './graph-svg';
import { viewTitle } from './graph-view';
import type { GraphView } from './graph-view';
import { surveyPicture } from './policy-picture';

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
h1 { font-size: 22px; margin: 0 0 4px; }
p.note { margin: 0 0 12px; color: #555; font-size: 14px; }
section.legend { padding: 8px 14px; margin: 0 0 16px; border: 1px solid #ddd; border-radius: 6px; background: #fafafa; font-size: 14px; }
.legend-group { display: flex; align-items: flex-start; gap: 12px; margin: 6px 0; }
.legend-group h2 { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: #666; margin: 0; min-width: 64px; line-height: 24px; }
.legend-group ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px 24px; }
.legend-group li { display: flex; align-items: center; gap: 8px; }
.legend-group .sample { display: inline-flex; min-width: 40px; justify-content: center; }
figure { margin: 0; }
figure svg { max-width: 100%; height: auto; }
`;

/** The SVG document without its XML prolog, to sit inside an HTML page. */
export function inlineSvg(svg: string): string {
  const start = svg.indexOf('<svg');
  return start >= 0 ? svg.slice(start) : svg;
}

/**
 * An HTML page with the survey's branching graph (under `policy`, where given) and a short legend of what
 * its shapes and colours mean.
 */
export async function surveyGraphHtml(bundle: CompiledBundle, surveyId: string, view: GraphView, policy?: CancellationPolicy): Promise<string> {
  const picture = surveyPicture(surveyOf(bundle, surveyId), view, policy);
  const svg = await surveyGraphSvg(bundle, surveyId, view, policy);
  const under = policy ? ` — under policy ${policy.id} (${policy.title})` : '';
  const title = `Survey flow: ${surveyId} — ${viewTitle(view)}${under}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(`Compiled from survey/ by npm run survey:graph. Each box is a step; each arrow lists the answers that lead to the next step.`)}</p>
${legendHtml(legendEntries(picture))}
<figure>
${inlineSvg(svg)}
</figure>
</body>
</html>
`;
}
