import { bulletRow, rowsTable } from './bullet-rows';
import type { PictureEdge } from './flow-picture';
import { AUDIENCE_COLOURS, TEXT } from './graph-styles';
import { onlyMark } from './graph-view';

/** The colour of an arrow and its text. */
export function edgeColour(edge: PictureEdge): string {
  return edge.only ? AUDIENCE_COLOURS[edge.only] : AUDIENCE_COLOURS.all;
}

/**
 * An arrow's HTML-like label: each answer that takes it (with the audience mark where one audience only
 * sees it; italic for 'Other'), then what it skips; undefined for an arrow with nothing to say (a text
 * step's way on).
 */
export function edgeLabel(edge: PictureEdge): string | undefined {
  const look = { size: TEXT.answerSize, colour: edgeColour(edge), italic: edge.isOther };
  const answers = edge.answers.map((answer) =>
    bulletRow('•', edge.only ? `${answer.text} ${onlyMark(edge.only)}` : answer.text, TEXT.answerWidth, look),
  );
  const skips = edge.skips ? [bulletRow('', `↷ ${edge.skips}`, TEXT.detailWidth, { size: TEXT.detailSize, colour: '#555555', italic: true })] : [];
  const rows = [...answers, ...skips];
  return rows.length === 0 ? undefined : `<${rowsTable(rows)}>`;
}
