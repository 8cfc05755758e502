// A strict RFC 4180 reader for the tests: quoted fields with doubled quotes, commas and line breaks.

/** The records of `file`, each a list of fields, past a UTF-8 byte order mark as spreadsheets read it; throws on anything RFC 4180 does not allow. */
export function parseCsv(file: string): string[][] {
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('a quoted field is not closed');
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      const end = text.slice(i).search(/[,\r]/);
      field = end < 0 ? text.slice(i) : text.slice(i, i + end);
      if (field.includes('"') || field.includes('\n')) throw new Error(`an unquoted field holds a quote or line break: ${field}`);
      i = end < 0 ? text.length : i + end;
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) {
      throw new Error(`unexpected '${text[i]}' at ${i}`);
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}
