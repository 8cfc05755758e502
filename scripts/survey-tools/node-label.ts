import { bulletRow, fontLines, rowsTable } from './bullet-rows';
import { escapeHtml } from './escape';
import type { PictureNode } from './flow-picture';
import { AUDIENCE_COLOURS, NODE_STYLES, nodeRows, POLICY_LOOKS, TEXT } from './graph-styles';
import type { NodeRow } from './graph-styles';
import { onlyMark } from './graph-view';

const DETAIL = { size: TEXT.detailSize, colour: '#555555' };

const withMark = (row: NodeRow): string => (row.only ? `${row.text} ${onlyMark(row.only)}` : row.text);
const cellRow = (html: string): string => `<tr><td align="left" balign="left">${html}</td></tr>`;

/** The rows under the header; consecutive items share one table so their texts line up. */
function bodyRows(rows: readonly NodeRow[]): string[] {
  const out: string[] = [];
  let items: string[] = [];
  const flush = (): void => {
    if (items.length > 0) out.push(cellRow(rowsTable(items)));
    items = [];
  };
  for (const row of rows) {
    if (row.kind === 'item') {
      const colour = row.only ? AUDIENCE_COLOURS[row.only] : AUDIENCE_COLOURS.all;
      items.push(bulletRow(row.bullet ?? '•', withMark(row), TEXT.detailWidth, { size: TEXT.answerSize, colour }));
      continue;
    }
    flush();
    out.push(
      cellRow(
        row.kind === 'title'
          ? `<b>${fontLines(withMark(row), TEXT.titleWidth, { size: TEXT.titleSize, colour: '#111111' })}</b>`
          : fontLines(withMark(row), TEXT.detailWidth, DETAIL),
      ),
    );
  }
  flush();
  return out;
}

/** The mark on an offer the picture's policy withholds. */
export const WITHHELD_MARK = 'withheld: never shown, passed by';

/**
 * A node's HTML-like label: a header with the step number, type and id (and the audience that alone
 * sees it), then the step's rows from its style.
 */
export function nodeLabel(node: PictureNode): string {
  const style = NODE_STYLES[node.step.type];
  const number = node.number === undefined ? '' : `STEP ${node.number} · `;
  const header = `<font point-size="${TEXT.detailSize}" color="#444444">${escapeHtml(`${number}${style.type} · ${node.id}`)}</font>`;
  const only = node.only
    ? `<tr><td align="left"><font point-size="${TEXT.detailSize}" color="${AUDIENCE_COLOURS[node.only]}"><b>${escapeHtml(onlyMark(node.only))}</b></font></td></tr>`
    : '';
  const withheld = node.withheld
    ? `<tr><td align="left"><font point-size="${TEXT.detailSize}" color="${POLICY_LOOKS.withheldText}"><b>${escapeHtml(WITHHELD_MARK)}</b></font></td></tr>`
    : '';
  const rows = bodyRows(nodeRows(node.step, node)).join('');
  return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="3"><tr><td align="left">${header}</td></tr>${only}${withheld}${rows}</table>>`;
}
