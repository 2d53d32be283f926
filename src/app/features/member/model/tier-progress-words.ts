import type { MemberTierProgress } from '../../../../contract/loyalty-tier';
import { formatDay, formatNumber } from '../../../lib/format';

/** The member's tier and progress in the words a support agent reads out ("240 points to Gold by Dec 31, 2026"). */

type Period = NonNullable<MemberTierProgress['qualification']['period']>;
const thisPeriod: Record<Period, string> = { MONTH: 'this month', QUARTER: 'this quarter', HALF_YEAR: 'this half year', YEAR: 'this year' };
const points = (n: number) => `${formatNumber(n)} ${n === 1 ? 'point' : 'points'}`;

/** The day after a `YYYY-MM-DD` day: when a period that ends on it is followed by the next. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** "Gold since May 4, 2026, until Dec 31, 2027" / "Not in a tier yet". */
export function currentTierWords(progress: MemberTierProgress): string {
  const tier = progress.tier;
  if (!tier) return 'Not in a tier yet';
  const since = tier.start_date ? ` since ${formatDay(tier.start_date)}` : '';
  const until = tier.expiration_date
    ? `, until ${formatDay(tier.expiration_date)}`
    : progress.qualification.type === 'BALANCE'
      ? ', while the balance stays in its range'
      : ', while the points earned stay in its range';
  return `${tier.name}${since}${until}`;
}

/** What counts: "260 points earned this year" / "A balance of 260 points". */
export function qualifyingWords(progress: MemberTierProgress): string {
  const { period } = progress.qualification;
  return period ? `${points(progress.qualifying_points)} earned ${thisPeriod[period]}` : `A balance of ${points(progress.qualifying_points)}`;
}

/** "240 points to Gold by Dec 31, 2026"; under NEXT_PERIOD, when the tier would start; the top tier says so. */
export function nextTierWords(progress: MemberTierProgress): string {
  const { next_tier: next, points_to_next_tier: missing, qualification, reached_tier: reached, tier } = progress;
  const by = qualification.period_end_date ? ` by ${formatDay(qualification.period_end_date)}` : '';
  const startsLater = qualification.start === 'NEXT_PERIOD' && qualification.period_end_date;
  const reachedNote =
    startsLater && reached && reached.id !== tier?.id ? `Reached ${reached.name}, which starts on ${formatDay(dayAfter(qualification.period_end_date as string))}. ` : '';
  if (!next || missing === null) return `${reachedNote}${tier || reached ? 'The top tier: there is no higher one.' : 'No tier to reach.'}`;
  const starts = startsLater ? `, to be ${next.name} from ${formatDay(dayAfter(qualification.period_end_date as string))}` : '';
  return startsLater ? `${reachedNote}${points(missing)} more${by}${starts}` : `${reachedNote}${points(missing)} to ${next.name}${by}`;
}

/** How far the member is from the next tier, 0–100, for the progress bar; null without a next tier. */
export function progressPercent(progress: MemberTierProgress): number | null {
  if (!progress.next_tier || progress.points_to_next_tier === null) return null;
  return Math.max(0, Math.min(100, Math.floor((progress.qualifying_points / progress.next_tier.points_from) * 100)));
}

const changeVerbs: Record<MemberTierProgress['history'][number]['type'], string> = {
  joined: 'Joined',
  upgraded: 'Upgraded',
  downgraded: 'Downgraded',
  prolonged: 'Kept',
  left: 'Left',
  'expiration.changed': 'End date changed for',
};

/** One tier change: "Upgraded from Silver to Gold, until Dec 31, 2027". */
export function tierChangeWords(change: MemberTierProgress['history'][number]): string {
  const until = change.expiration_date ? `, until ${formatDay(change.expiration_date)}` : '';
  switch (change.type) {
    case 'joined':
      return `Joined ${change.tier_to?.name ?? 'a tier'}${until}`;
    case 'left':
      return `Left ${change.tier_from?.name ?? 'the tier'}`;
    case 'upgraded':
    case 'downgraded':
      return `${changeVerbs[change.type]} from ${change.tier_from?.name ?? 'a tier'} to ${change.tier_to?.name ?? 'a tier'}${until}`;
    default:
      return `${changeVerbs[change.type]} ${change.tier_to?.name ?? 'the tier'}${until}`;
  }
}
