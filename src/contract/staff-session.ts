import { z } from 'zod';

/**
 * Dashboard staff and what each role may do. The proxy enforces these (every allowlisted call names
 * the action it performs) and the dashboard hides what the signed-in role cannot do; both read this
 * one table.
 */
export const staffRoleSchema = z.enum(['marketing', 'support']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const everyone: readonly StaffRole[] = ['marketing', 'support'];
const marketingOnly: readonly StaffRole[] = ['marketing'];

export const staffActions = {
  /** Every read: lists, gets, card images, segment previews. */
  read: everyone,
  /** Support diagnoses integrations: is this token live, what scope does it carry? */
  introspectTokens: everyone,
  trackEvents: everyone,
  startExports: everyone,
  /** Answering "where are my points?": support corrects a card's balance with a reason, on the member page. */
  adjustPoints: everyone,
  /** Redeeming a reward for a member at the desk: support does it as often as marketing. */
  redeemRewards: everyone,
  /** Recording a paid order for a customer on the Events page, as a till would: like firing an event. */
  recordOrders: everyone,
  /** Activating or cancelling a card's pending points on the member page, as support resolves "where are my points?". */
  managePendingPoints: everyone,
  /**
   * Undoing a mistake on the member page: rolling back a reward redemption or reversing points added or
   * removed by hand, each with a reason. Support redeems and adjusts, so support undoes too.
   */
  undoChanges: everyone,
  /** Moving points between a customer's cards on the member page (a lost card, two cards merged): a desk task. */
  transferPoints: everyone,
  /** Correcting a customer's name, e-mail or phone on the member page: support fixes typos as they are reported. */
  editCustomers: everyone,
  /**
   * Deleting a customer, or erasing one for good, on the member page: it ends their segment memberships
   * and (erasure) wipes what they told us everywhere, which no one can undo. Marketing owns the customer
   * base and answers the data requests behind an erasure.
   */
  deleteCustomers: marketingOnly,
  /** Deleting an export ends its download link for whoever it was passed to: marketing, who start most of them. */
  deleteExports: marketingOnly,
  enrollMembers: marketingOnly,
  /** Creating a program's loyalty tiers changes what members earn and pay, for good (v1 has no update or delete). */
  manageTiers: marketingOnly,
  createSegments: marketingOnly,
  /** Creating, changing and deleting loyalty programs: what a program's cards look like and how long points last. */
  managePrograms: marketingOnly,
  /** The rewards catalog: creating and changing rewards, and offering them in a program at a points price. */
  manageRewards: marketingOnly,
  /** Creating, changing, enabling, disabling and deleting earning rules changes what every member earns. */
  authorEarningRules: marketingOnly,
  // Issuing mints a credential with the project's key permissions, and revoking can cut off a live
  // integration: both stay with marketing, who own the integrations.
  issueTokens: marketingOnly,
  revokeTokens: marketingOnly,
  /**
   * Settings → Webhooks, reads included: endpoints carry target URLs and custom headers that may hold
   * an integration's credentials, and they send the project's data out; marketing owns the integrations.
   */
  manageWebhooks: marketingOnly,
  /** Any other state-changing call: marketing only unless the allowlist says otherwise. */
  write: marketingOnly,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffAction = keyof typeof staffActions;

export function roleMay(role: StaffRole, action: StaffAction): boolean {
  return staffActions[action].includes(role);
}

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a username')
  .max(100)
  .regex(/^[a-z0-9._@+-]+$/, 'Use letters, digits and . _ @ + - only');

export const signInRequestSchema = z.object({
  username: usernameSchema,
  // Upper bound: a KDF over a megabyte "password" is a cheap denial of service.
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const staffUserSchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
export type StaffUser = z.infer<typeof staffUserSchema>;

/**
 * GET /auth/staff: the dashboard's staff by id, so pages can name who did something (an export's
 * `user_id`, a card transaction's `details.event_source.user.id` are staff ids) instead of showing
 * the id: the username and the role ("by sam (support)"), nothing else.
 */
export const staffDirectoryEntrySchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
export type StaffDirectoryEntry = z.infer<typeof staffDirectoryEntrySchema>;
export const staffDirectorySchema = z.object({ users: z.array(staffDirectoryEntrySchema) });
export type StaffDirectory = z.infer<typeof staffDirectorySchema>;

/**
 * GET /auth/session: who is signed in, whether this dashboard runs in demo mode, and where the
 * API reference of the service it talks to is (null when it talks to the cloud API).
 */
export const staffSessionSchema = z.discriminatedUnion('authenticated', [
  z.object({ authenticated: z.literal(true), user: staffUserSchema, demo: z.boolean(), api_reference_url: z.string().nullable() }),
  z.object({ authenticated: z.literal(false), demo_available: z.boolean() }),
]);
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** The header the dashboard echoes the CSRF cookie in on every state-changing call. */
export const csrfHeaderName = 'x-csrf-token';
export const csrfCookieName = 'dashboard_csrf';
export const sessionCookieName = 'dashboard_session';
