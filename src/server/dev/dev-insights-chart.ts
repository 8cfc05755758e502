// A horizontal bar chart as server-rendered SVG: each bar under its (wrapped) label, the count at its end.
// Styled by the dev stylesheet (classes), with presentation attributes as the fallback.
import { escapeHtml as e } from '../html';
import type { Count } from '../store/insights';

/** One bar: a count, or (`rest`) the sum of the rows too small to draw, in grey. */
export type Bar = Count & { rest?: boolean };

const WIDTH = 640;
const LINE = 21;
const BAR = 20;
const GAP = 16;
/** Room right of the longest bar for its count. */
const VALUE_ROOM = 56;
/** About as many characters of 16-pixel text as fit in the chart's width. */
const WRAP_AT = 64;

/** Splits `text` into lines of at most `width` characters, at spaces where it can. */
export function wrapLabel(text: string, width: number = WRAP_AT): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The SVG of `counts` (largest first, as given). `title` names the chart for assistive technology;
 * `describedBy` is the id of the table that lists the same numbers.
 */
export function barChartSvg(counts: readonly Bar[], options: { id: string; title: string; describedBy: string }): string {
  const max = Math.max(1, ...counts.map((c) => c.count));
  const scale = (WIDTH - VALUE_ROOM) / max;
  let y = 0;
  const rows = counts.map((item) => {
    const lines = wrapLabel(item.label);
    const label = lines.map((line, i) => `<tspan x="0" y="${y + LINE * (i + 1) - 5}">${e(line)}</tspan>`).join('');
    const barY = y + LINE * lines.length + 2;
    const width = Math.max(2, Math.round(item.count * scale));
    const row = `<g>
<text class="bar-label" font-size="16" fill="#1d1d1f">${label}</text>
<rect class="${item.rest ? 'bar bar--rest' : 'bar'}" x="0" y="${barY}" width="${width}" height="${BAR}" rx="3" fill="${item.rest ? '#9aa0a8' : '#3f6fc4'}"/>
<text class="bar-value" x="${width + 8}" y="${barY + BAR - 5}" font-size="16" font-weight="600" fill="#1d1d1f">${item.count}</text>
</g>`;
    y = barY + BAR + GAP;
    return row;
  });
  const height = Math.max(y - GAP + 2, 1);
  return `<svg id="${e(options.id)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${e(options.id)}-title" aria-describedby="${e(options.describedBy)}" xmlns="http://www.w3.org/2000/svg">
<title id="${e(options.id)}-title">${e(options.title)}</title>
${rows.join('\n')}
</svg>`;
}
