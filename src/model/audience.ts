/** Who is cancelling: trial users have a product but have not paid; paid users have. */
export type Audience = 'trial' | 'paid';

/** Every audience, in the order tools list them. */
export const AUDIENCES: readonly Audience[] = ['trial', 'paid'];

/** Which audiences see an answer, field or step; `all` is the authored default. */
export type AudienceRule = Audience | 'all';
