/** Links to other product pages (spec §2 'Other'). */
export interface ProviderLinks {
  home: string;
  support: string;
  extraTools: string;
  refundPolicy: string;
  projects: string;
  positionTracking: string;
  siteAudit: string;
  backlinkAudit: string;
  onPageSeoChecker: string;
  apps: string;
  keywordManager: string;
  feedbackSession: string;
}

/** The name of one of the provider's links, e.g. `projects`. */
export type ProviderLinkName = keyof ProviderLinks;

/** Every link name, as schemas/provider.schema.json and the survey schema's `linkName` list them. */
export const PROVIDER_LINK_NAMES = [
  'home',
  'support',
  'extraTools',
  'refundPolicy',
  'projects',
  'positionTracking',
  'siteAudit',
  'backlinkAudit',
  'onPageSeoChecker',
  'apps',
  'keywordManager',
  'feedbackSession',
] as const satisfies readonly ProviderLinkName[];

/** Whether a value names one of the provider's links. */
export function isProviderLinkName(value: unknown): value is ProviderLinkName {
  return typeof value === 'string' && (PROVIDER_LINK_NAMES as readonly string[]).includes(value);
}

/** The provider's own settings (survey/provider.yaml). */
export interface ProviderSettings {
  /** The provider's own name, shown on the no-subscription page. */
  name: string;
  /** The API segment of the all-at-once toolkit. */
  segment: string;
  supportEmail: string;
  links: ProviderLinks;
  /** Seconds before the confirmation email can be sent again. */
  resendCountdownSeconds: number;
  /** Other origins an API answer may redirect the page to (https://host[:port]); its own origin always may. */
  redirectOrigins?: string[];
  /** The sign-in page a visitor who is not signed in is sent to, with `next` naming the page to come back to. */
  signIn?: string;
}
