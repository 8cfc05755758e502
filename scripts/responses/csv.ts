// CSV as RFC 4180 describes it: CRLF line ends, a field quoted when it holds a comma, a quote or a line
// break, quotes inside doubled. Spreadsheets run a cell that starts with = + - @ as a formula, and the
// survey's free text comes from customers, so such a cell gets a leading apostrophe (the JSON export keeps
// the text exactly as stored).

/** A cell a spreadsheet would take for a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, neutralised against formulas and quoted where RFC 4180 needs it. */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * UTF-8's byte order mark: without it, Excel opens a CSV file in the machine's own code page, and every
 * curly apostrophe of the survey's questions and every customer's "café" or "お世話になりました" reads as
 * mojibake. Sheets, LibreOffice and Python's `utf-8-sig` read past it.
 */
export const UTF8_BOM = '\uFEFF';

/** A CSV file: the byte order mark, a header line and one line per row, each ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
