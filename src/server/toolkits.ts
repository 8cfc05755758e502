import { hasAccess, type CompiledBundle, type ToolkitBinding, type User } from '../model';

/**
 * API segments accepted besides each binding's own `apiSegment`: the generic variant of the
 * traffic-and-market calls uses `traffic` (spec §7).
 */
const SEGMENT_ALIASES: Readonly<Record<string, string>> = { traffic: 'traffic-and-market' };

/** Looks up toolkit bindings by the segment of a /cancel/api/{segment}/ call or by toolkit id. */
export interface ToolkitRegistry {
  bySegment(segment: string): ToolkitBinding | undefined;
  byToolkit(toolkit: string): ToolkitBinding | undefined;
  /** Every segment the API answers to, aliases included. */
  segments(): string[];
}

/** Builds the lookup tables from the compiled bundle's bindings. */
export function createToolkitRegistry(bundle: CompiledBundle): ToolkitRegistry {
  const bySegment = new Map<string, ToolkitBinding>();
  const byToolkit = new Map<string, ToolkitBinding>();
  for (const binding of bundle.toolkits) {
    bySegment.set(binding.apiSegment, binding);
    byToolkit.set(binding.toolkit, binding);
  }
  for (const [alias, segment] of Object.entries(SEGMENT_ALIASES)) {
    const binding = bySegment.get(segment);
    if (binding !== undefined && !bySegment.has(alias)) bySegment.set(alias, binding);
  }
  return {
    bySegment: (segment) => bySegment.get(segment),
    byToolkit: (toolkit) => byToolkit.get(toolkit),
    segments: () => [...bySegment.keys()],
  };
}

/** Whether the user may cancel through this binding: an active recurring subscription plus the binding's access rule. */
export function canCancel(user: User, binding: ToolkitBinding): boolean {
  return user.has_active_recurring && hasAccess(user, binding.access);
}
