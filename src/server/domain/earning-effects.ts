import type { Effect, PointsExpiration } from '../../contract/earning-rule';

export interface EffectFacts {
  eventMetadata: Record<string, unknown>;
  customerMetadata: Record<string, unknown>;
}

function numberAt(metadata: Record<string, unknown>, property: string): number {
  const raw = metadata[property];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : 0;
}

/** floor(property / every) × value, floored again so cards hold whole points; never negative. */
function proportional(amount: number, every: number, value: number): number {
  if (amount <= 0) return 0;
  return Math.floor(Math.floor(amount / every) * value);
}

/**
 * Points one effect earns for a custom event. POINTS gives its value; POINTS_PROPORTIONAL reads a
 * numeric property of the event's or the customer's metadata (missing or not numeric: 0 points).
 * Order-based calculations and benefits earn nothing from a custom event.
 */
export function effectPoints(effect: Effect, facts: EffectFacts): number {
  if (effect.type === 'POINTS') return effect.points.value;
  if (effect.type !== 'POINTS_PROPORTIONAL') return 0;
  const p = effect.points_proportional;
  switch (p.calculation_type) {
    case 'CUSTOM_EVENT_METADATA_VALUE': {
      const { every, value, property } = p.custom_event.metadata;
      return proportional(numberAt(facts.eventMetadata, property), every, value);
    }
    case 'CUSTOMER_METADATA_VALUE': {
      const { every, value, property } = p.customer.metadata;
      return proportional(numberAt(facts.customerMetadata, property), every, value);
    }
    default:
      return 0;
  }
}

export function effectExpiration(effect: Effect): PointsExpiration | null {
  if (effect.type === 'POINTS') return effect.points.points_expiration ?? null;
  if (effect.type === 'POINTS_PROPORTIONAL') return effect.points_proportional.points_expiration ?? null;
  return null;
}
