/** Every route of the dashboard, typed; links and the router use these, never string literals. */
export const paths = {
  home: '/',
  enroll: '/enroll',
  members: '/members',
  earningRules: '/earning-rules',
  tiers: '/tiers',
  events: '/events',
  exports: '/exports',
  segments: '/segments',
  locations: '/locations',
  tokens: '/tokens',
  webhooks: '/settings/webhooks',
  signIn: '/sign-in',
} as const;

/** A member's page: one loyalty card and its holder. Every place that shows a card code links here. */
export function memberPath(code: string): string {
  return `${paths.members}/${encodeURIComponent(code)}`;
}

export type PathKey = keyof typeof paths;
export type AppPath = (typeof paths)[PathKey];

/** Query parameters the pages read from the URL. */
export const searchParams = {
  /** The loyalty program (campaign id) chosen on the Enroll and Members pages. */
  program: 'program',
} as const;

/** A link to a path with the program chosen, e.g. `withProgram(paths.enroll, 'camp_1')`. */
export function withProgram(path: AppPath, campaignId: string | undefined): string {
  return campaignId ? `${path}?${new URLSearchParams({ [searchParams.program]: campaignId })}` : path;
}
