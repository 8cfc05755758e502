// A reader for the part of the gettext PO format the Lingui catalogs use: msgctxt, msgid,
// msgid_plural, msgstr and msgstr[n], each possibly continued on following "..." lines.

/** Undoes the C-style escapes of a PO string. */
function unescapePo(text: string): string {
  return text.replace(/\\(.)/g, (_match, char: string) => {
    switch (char) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      default:
        return char;
    }
  });
}

interface Entry {
  fields: Map<string, string>;
}

function entries(source: string): Entry[] {
  const result: Entry[] = [];
  let entry: Entry = { fields: new Map() };
  let field: string | undefined;
  const finish = (): void => {
    if (entry.fields.size > 0) result.push(entry);
    entry = { fields: new Map() };
    field = undefined;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      finish();
      continue;
    }
    if (line.startsWith('#')) continue; // comments, references, flags and obsolete (#~) entries
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(line);
    if (keyword) {
      const [, name = '', text = ''] = keyword;
      // A new msgctxt or msgid after a msgstr starts the next entry even without a blank line.
      if ((name === 'msgid' || name === 'msgctxt') && [...entry.fields.keys()].some((key) => key.startsWith('msgstr'))) finish();
      field = name;
      entry.fields.set(name, unescapePo(text));
      continue;
    }
    const continued = /^"(.*)"$/.exec(line);
    if (continued && field) entry.fields.set(field, (entry.fields.get(field) ?? '') + unescapePo(continued[1] ?? ''));
  }
  finish();
  return result;
}

/**
 * The msgids of a PO catalog that have a non-empty translation (msgstr, or any msgstr[n]), for entries
 * without a context: the survey texts are looked up by their English text alone.
 */
export function translatedIds(source: string): Set<string> {
  const ids = new Set<string>();
  for (const { fields } of entries(source)) {
    const id = fields.get('msgid');
    if (id === undefined || id === '' || fields.has('msgctxt')) continue;
    const translated = [...fields].some(([key, value]) => key.startsWith('msgstr') && value !== '');
    if (translated) ids.add(id);
  }
  return ids;
}
