import type { StaffAction } from '../../contract/staff-session';
import { paths, type AppPath } from './paths';

export interface NavArea {
  /** The label in the navigation and the page title. */
  label: string;
  path: AppPath;
  /** One line on what the area does (shown on its page while it is not built yet). */
  description: string;
  built: boolean;
  /** What the area is for, when some staff roles may not do it (hidden from them). Absent: every role. */
  action?: StaffAction;
}

/** Every area of the product, in navigation order. */
export const navAreas: readonly NavArea[] = [
  {
    label: 'Enroll member',
    path: paths.enroll,
    description: 'Publish a loyalty card of a program to a customer and show the card with its QR code and barcode.',
    built: true,
    action: 'enrollMembers',
  },
  {
    label: 'Members',
    path: paths.members,
    description: 'The cards of a loyalty program: who holds them, their balance, points and publications.',
    built: true,
  },
  {
    label: 'Earning rules',
    path: paths.earningRules,
    description: 'Define how members earn points: per order, per custom event, or on entering a segment.',
    built: true,
  },
  {
    label: 'Programs',
    path: paths.programs,
    description: 'Create, change and delete loyalty programs: their card codes, how long points last, and when the cards work.',
    built: true,
    action: 'managePrograms',
  },
  {
    label: 'Rewards',
    path: paths.rewards,
    description: 'The rewards catalog: products from stock, pay with points, points in another program; and what each program asks for them.',
    built: true,
    action: 'manageRewards',
  },
  {
    label: 'Loyalty tiers',
    path: paths.tiers,
    description: 'A program’s tiers (Silver, Gold…) in words: what each takes, what it earns and pays, how long it holds; create them for a program without.',
    built: true,
    action: 'manageTiers',
  },
  {
    label: 'Events',
    path: paths.events,
    description: 'Send custom events for customers and watch the points they earn from them.',
    built: true,
  },
  {
    label: 'Exports',
    path: paths.exports,
    description: "Export a loyalty card's points history to CSV, with progress while the file is built.",
    built: true,
  },
  {
    label: 'Segments',
    path: paths.segments,
    description: 'Build customer segments from filters or a pasted list of customer ids.',
    built: true,
  },
  {
    label: 'Locations',
    path: paths.locations,
    description: 'The locations that geofenced earning rules use, on a map: circles and polygons, with search and an end-date filter.',
    built: true,
  },
  {
    label: 'Tokens',
    path: paths.tokens,
    description: 'Issue, inspect and revoke OAuth access tokens with their scopes.',
    built: true,
  },
  {
    label: 'Webhooks',
    path: paths.webhooks,
    description: 'Settings: send what happens in your programs to your own systems, signed, with a log of every webhook sent.',
    built: true,
    action: 'manageWebhooks',
  },
  {
    label: 'API log',
    path: paths.apiLog,
    description: 'The last requests your systems sent to the loyalty service and what each got back.',
    built: true,
  },
];
