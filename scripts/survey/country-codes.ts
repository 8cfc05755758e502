// The country codes policies.yaml may map: ISO 3166-1 alpha-2, as the user context's `country_code`
// gives them (src/model/policy.ts's policyFor matches them exactly, a subdivision by its country too).

/** The 249 officially assigned ISO 3166-1 alpha-2 codes, and XK (Kosovo), which billing systems use. */
const COUNTRY_CODES: ReadonlySet<string> = new Set(
  [
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ',
    'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ',
    'DE DJ DK DM DO DZ',
    'EC EE EG EH ER ES ET',
    'FI FJ FK FM FO FR',
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY',
    'HK HM HN HR HT HU',
    'ID IE IL IM IN IO IQ IR IS IT',
    'JE JM JO JP',
    'KE KG KH KI KM KN KP KR KW KY KZ',
    'LA LB LC LI LK LR LS LT LU LV LY',
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ',
    'NA NC NE NF NG NI NL NO NP NR NU NZ',
    'OM',
    'PA PE PF PG PH PK PL PM PN PR PS PT PW PY',
    'QA',
    'RE RO RS RU RW',
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ',
    'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
    'UA UG UM US UY UZ',
    'VA VC VE VG VI VN VU',
    'WF WS',
    'YE YT',
    'ZA ZM ZW',
    'XK',
  ]
    .join(' ')
    .split(' '),
);

/** Codes people write for a country whose ISO code is another: the EU's EL for Greece, and UK. */
const WRITTEN_FOR: Readonly<Record<string, string>> = { UK: 'GB', EL: 'GR' };

/** The English name of a region code, when the runtime's ICU knows it. */
function regionName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code);
  } catch {
    return undefined;
  }
}

/**
 * Why the country of a `countries` key (`GB`, or `US` of `US-MN`) is no ISO 3166-1 country code, or
 * undefined when it is one. A key no customer's `country_code` can match would leave that country on
 * the default policy without a word. Keys not in capitals are the schema's to refuse.
 */
export function countryCodeMistake(key: string): string | undefined {
  const country = key.split('-')[0] ?? key;
  if (!/^[A-Z]{2}$/.test(country) || COUNTRY_CODES.has(country)) return undefined;
  // An old or informal code ICU still names (UK, SU, DD) is told with the code of the country it names.
  const name = regionName(country);
  const meant = WRITTEN_FOR[country] ?? [...COUNTRY_CODES].find((code) => name !== undefined && regionName(code) === name);
  const instead = meant === undefined ? '' : `: write ${meant} for ${regionName(meant) ?? name ?? 'that country'}`;
  const what = key === country ? `'${key}'` : `'${country}' of '${key}'`;
  return `${what} is not an ISO 3166-1 country code, so this line applies to no customer${instead}`;
}
