import type { CompiledSurvey } from './survey';
import type { ToolkitId } from './user';

/** Who may open a toolkit page beyond having an active recurring subscription. */
export type ToolkitAccess =
  /** The toolkit must be in the user's `active_toolkits`. */
  | { kind: 'active-toolkit'; toolkit: ToolkitId }
  /** The user needs `has_sst_cancellation_permission`. */
  | { kind: 'sst-permission' }
  /** Any user with an active recurring subscription (all-at-once). */
  | { kind: 'any-active' };

/** A route-to-config binding: the page at /cancel/{route} (spec §2). */
export interface ToolkitBinding {
  /** The path segment under /cancel, e.g. `seo`, `all`, `plan`. */
  route: string;
  /** The toolkit being cancelled, e.g. `seo`, `all-at-once`, `sst`, `growth-kit`. Sent with the payload. */
  toolkit: string;
  /** The display name, e.g. 'SEO Toolkit'. */
  name: string;
  /** The segment in /cancel/api/{segment}/... calls; all-at-once uses the provider segment. */
  apiSegment: string;
  /** The path segment of the confirm page, /cancel/{confirmRoute}/confirm-unsubscribe; absent: no email confirmation. */
  confirmRoute?: string;
  /** Which compiled survey the page renders. */
  survey: string;
  access: ToolkitAccess;
  /** Prefix of the per-call error labels (spec §8: the sst and trends variants are prefixed). */
  labelPrefix?: string;
  /** Passed to the page as the app name (the short pages of spec §2). */
  appName?: string;
}

/** A path under /cancel that replace-redirects to another (spec §2). */
export interface RouteRedirect {
  from: string;
  to: string;
}

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
}

/** Everything the build compiles from survey/: what the app, the server and the tools read. */
export interface CompiledBundle {
  provider: ProviderSettings;
  toolkits: ToolkitBinding[];
  redirects: RouteRedirect[];
  surveys: Record<string, CompiledSurvey>;
}
