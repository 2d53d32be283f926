import type { WebhookEventName } from '../../../../contract/webhook';

/**
 * The events a marketer picks, in plain words, grouped. One choice may stand for several event
 * names: the real API reports most card events twice, as the card's (`voucher.…`) and as the
 * customer's (`customer.voucher.…`); a receiver wants both or neither. Only what the service
 * sends today is offered (README, "Webhooks"); names an endpoint got through the API that no
 * choice stands for are kept as they are.
 */
export interface EventChoice {
  id: string;
  label: string;
  /** One line on when it is sent. */
  hint: string;
  events: readonly WebhookEventName[];
}

export interface EventGroup {
  label: string;
  choices: readonly EventChoice[];
}

export const eventGroups: readonly EventGroup[] = [
  {
    label: 'Points',
    choices: [
      { id: 'points-added', label: 'Points earned or added', hint: 'A member earns points, or points are added to their card.', events: ['voucher.loyalty_card.points_added', 'customer.voucher.loyalty_card.points_added'] },
      { id: 'points-expired', label: 'Points expired', hint: 'Points reach their last day.', events: ['voucher.loyalty_card.points_expired', 'customer.voucher.loyalty_card.points_expired'] },
      { id: 'card-transaction', label: 'Any change to a card’s points', hint: 'Every earning, spending, correction and expiry, one by one.', events: ['voucher.loyalty_card.transaction.created'] },
    ],
  },
  {
    label: 'Pending points',
    choices: [
      { id: 'pending-added', label: 'Pending points held', hint: 'A paid order earns points that wait before they count.', events: ['voucher.loyalty_card.pending_points.added', 'customer.voucher.loyalty_card.pending_points.added'] },
      { id: 'pending-updated', label: 'Pending points changed', hint: 'Points still waiting are changed.', events: ['voucher.loyalty_card.pending_points.updated', 'customer.voucher.loyalty_card.pending_points.updated'] },
      { id: 'pending-activated', label: 'Pending points counted', hint: 'Waiting points are added to the balance.', events: ['voucher.loyalty_card.pending_points.activated', 'customer.voucher.loyalty_card.pending_points.activated'] },
      { id: 'pending-canceled', label: 'Pending points canceled', hint: 'Waiting points are dropped, e.g. the order was canceled.', events: ['voucher.loyalty_card.pending_points.canceled', 'customer.voucher.loyalty_card.pending_points.canceled'] },
    ],
  },
  {
    label: 'Rewards',
    choices: [
      { id: 'reward-redeemed', label: 'Reward redeemed', hint: 'A member spends points on a reward.', events: ['customer.reward_redemptions.created', 'customer.reward_redemptions.completed'] },
      { id: 'customer-rewarded', label: 'Customer rewarded', hint: 'A member receives what a reward gives.', events: ['customer.rewarded'] },
    ],
  },
  {
    label: 'Orders',
    choices: [
      { id: 'order-created', label: 'Order created', hint: 'An order is recorded.', events: ['customer.order.created'] },
      { id: 'order-paid', label: 'Order paid', hint: 'An order becomes paid.', events: ['customer.order.paid'] },
      { id: 'order-updated', label: 'Order changed', hint: 'An order is changed.', events: ['customer.order.updated'] },
      { id: 'order-canceled', label: 'Order canceled', hint: 'An order is canceled.', events: ['customer.order.canceled'] },
    ],
  },
  {
    label: 'Members and activity',
    choices: [
      { id: 'card-published', label: 'Member joined a program', hint: 'A loyalty card is given to a customer.', events: ['customer.publication.succeeded', 'publication.succeeded'] },
      { id: 'custom-event', label: 'Custom event', hint: 'An event such as a visit or a review is recorded for a customer.', events: ['customer.custom_event'] },
    ],
  },
];

const allChoices = eventGroups.flatMap((group) => group.choices);

/** Every event name some choice stands for. */
export const offeredEvents: ReadonlySet<string> = new Set(allChoices.flatMap((choice) => choice.events));

/** The choices whose every event the endpoint receives. */
export function choicesOf(events: readonly string[]): string[] {
  const subscribed = new Set(events);
  return allChoices.filter((choice) => choice.events.every((event) => subscribed.has(event))).map((choice) => choice.id);
}

/** The endpoint's names that no choice stands for (set through the API): kept on save. */
export function otherEventsOf(events: readonly string[]): string[] {
  return events.filter((event) => !offeredEvents.has(event));
}

/** The event names to save: the chosen choices' and the kept others, each once. */
export function eventsOf(choiceIds: readonly string[], kept: readonly string[]): string[] {
  const chosen = new Set(choiceIds);
  return [...new Set([...allChoices.filter((choice) => chosen.has(choice.id)).flatMap((choice) => choice.events), ...kept])];
}

export const testEventType = 'webhook.test';

/** An event name in plain words, for the sendout log and the endpoint's summary. */
export function eventLabel(name: string): string {
  if (name === testEventType) return 'Test webhook';
  const choice = allChoices.find((c) => c.events.includes(name as WebhookEventName));
  if (!choice) return name;
  // The two names of one choice: say which one this is (the card's or the customer's copy).
  if (choice.events.length > 1 && name.startsWith('customer.voucher.')) return `${choice.label} (customer)`;
  if (choice.events.length > 1 && name.startsWith('voucher.')) return `${choice.label} (card)`;
  if (name === 'customer.reward_redemptions.completed') return `${choice.label} (completed)`;
  if (name === 'publication.succeeded') return `${choice.label} (card)`;
  return choice.label;
}

/** "Points earned or added, Order paid and 3 more". */
export function eventsSummary(events: readonly string[]): string {
  const labels = [...choicesOf(events).map((id) => allChoices.find((c) => c.id === id)!.label), ...otherEventsOf(events)];
  if (labels.length === 0) return 'No events chosen: nothing is sent';
  if (labels.length <= 2) return labels.join(' and ');
  return `${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
}
