// A reader for the PO catalogs Lingui writes (locales/<lang>/messages.po): each entry's msgid,
// msgstr and flags, with the line it starts on, so a problem can be reported at its place.

/** One translatable entry of a catalog. */
export interface PoEntry {
  msgid: string;
  msgctxt?: string;
  /** The translation: `msgstr`, or the `msgstr[n]` forms joined (Lingui writes ICU plurals into one msgstr). */
  msgstr: string;
  /** The 1-based line of the entry's msgid. */
  line: number;
  /** `#.` comments. */
  comments: string[];
  /** `#:` references (the source files the text came from). */
  origins: string[];
}

/** Undoes the C-style escapes of a PO string. */
function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_match, char: string) => ({ n: '\n', t: '\t', r: '\r' })[char] ?? char);
}

/** The entries of a PO file, without the header (msgid "") and without obsolete (#~) entries. */
export function readPo(source: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let fields = new Map<string, string>();
  let comments: string[] = [];
  let origins: string[] = [];
  let line = 0;
  let field: string | undefined;
  const finish = () => {
    const msgid = fields.get('msgid');
    if (msgid !== undefined && msgid !== '') {
      const forms = [...fields].filter(([key]) => key.startsWith('msgstr')).map(([, value]) => value);
      const msgctxt = fields.get('msgctxt');
      entries.push({ msgid, ...(msgctxt === undefined ? {} : { msgctxt }), msgstr: forms.join(''), line, comments, origins });
    }
    fields = new Map();
    comments = [];
    origins = [];
    field = undefined;
  };
  source.split(/\r?\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return finish();
    if (text.startsWith('#~')) return undefined;
    if (text.startsWith('#.')) return void comments.push(text.slice(2).trim());
    if (text.startsWith('#:')) return void origins.push(...text.slice(2).trim().split(/\s+/));
    if (text.startsWith('#')) return undefined;
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(text);
    if (keyword) {
      const [, name = '', value = ''] = keyword;
      if ((name === 'msgid' || name === 'msgctxt') && [...fields.keys()].some((key) => key.startsWith('msgstr'))) finish();
      if (name === 'msgid') line = index + 1;
      field = name;
      fields.set(name, unescape(value));
      return undefined;
    }
    const continued = /^"(.*)"$/.exec(text);
    if (continued && field) fields.set(field, (fields.get(field) ?? '') + unescape(continued[1] ?? ''));
    return undefined;
  });
  finish();
  return entries;
}
