/** Every route of the dashboard, typed; links and the router use these, never string literals. */
export const paths = {
  home: '/',
  enroll: '/enroll',
  members: '/members',
  earningRules: '/earning-rules',
  tiers: '/tiers',
  programs: '/programs',
  rewards: '/rewards',
  events: '/events',
  exports: '/exports',
  segments: '/segments',
  locations: '/locations',
  tokens: '/tokens',
  webhooks: '/settings/webhooks',
  apiLog: '/api-log',
  signIn: '/sign-in',
} as const;

/** A member's page: one loyalty card and its holder. Every place that shows a card code links here. */
export function memberPath(code: string): string {
  return `${paths.members}/${encodeURIComponent(code)}`;
}

/** A program's settings page; `new` is the page that creates one. */
export function programPath(campaignId: string): string {
  return `${paths.programs}/${encodeURIComponent(campaignId)}`;
}

/** The API log narrowed to one member's requests: by the holder when the card has one, else by the card. */
export function memberRequestsPath(card: { code: string; holder_id?: string | null }): string {
  const filter = card.holder_id ? ['customer', card.holder_id] : ['card', card.code];
  return `${paths.apiLog}?${new URLSearchParams([filter])}`;
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
