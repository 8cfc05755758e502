import type { CompiledExperiment } from './experiments';
import type { CompiledPolicies } from './policy';
import type { ProviderSettings } from './provider';
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

/** Everything the build compiles from survey/: what the app, the server and the tools read. */
export interface CompiledBundle {
  provider: ProviderSettings;
  toolkits: ToolkitBinding[];
  redirects: RouteRedirect[];
  surveys: Record<string, CompiledSurvey>;
  /** The cancellation policies (survey/policies.yaml), or the spec's flow alone where there is none. */
  policies: CompiledPolicies;
  /** The experiments on the surveys (survey/experiments.yaml), in file order; none where there is no such file. */
  experiments: CompiledExperiment[];
  /** The git commit the survey was compiled from, when it was compiled in a git checkout. */
  commit?: string;
}
