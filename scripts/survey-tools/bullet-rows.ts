import { escapeHtml } from './escape';
import { wrapText } from './wrap-text';

/** Text look inside an HTML-like label. */
export interface FontLook {
  size: number;
  colour: string;
  italic?: boolean;
}

/** Escaped, wrapped lines in a font, each ending in a left-aligned break. */
export function fontLines(text: string, width: number, look: FontLook): string {
  const lines = wrapText(text, width).map((line) => `${escapeHtml(line)}<br align="left"/>`).join('');
  const body = look.italic ? `<i>${lines}</i>` : lines;
  return `<font point-size="${look.size}" color="${look.colour}">${body}</font>`;
}

/**
 * One bulleted entry as a two-cell table row, so wrapped lines hang under the text rather than under
 * the bullet. `bullet` may be empty for a note under a list.
 */
export function bulletRow(bullet: string, text: string, width: number, look: FontLook): string {
  const mark = bullet === '' ? '' : `<font point-size="${look.size}" color="${look.colour}">${escapeHtml(bullet)}</font>`;
  // A fixed bullet column: when the table is stretched to its cell, the extra width goes to the text.
  const cell = `<td align="left" valign="top" fixedsize="true" width="${look.size + 4}" height="${look.size + 2}">`;
  return `<tr>${cell}${mark}</td><td align="left" balign="left">${fontLines(text, width, look)}</td></tr>`;
}

/** Rows as a borderless table. */
export function rowsTable(rows: readonly string[]): string {
  return `<table border="0" cellborder="0" cellspacing="0" cellpadding="1">${rows.join('')}</table>`;
}
