/** The unique index a failed statement violated, whatever driver (pg, PGlite) or wrapper (Drizzle) raised it. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: string; constraint?: string };
    if (candidate.code === '23505') return candidate.constraint ?? 'unknown';
  }
  return undefined;
}

/** Whether a failed statement referred to a row that is gone (a foreign key), whatever driver or wrapper raised it. */
export function violatedForeignKey(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}

/**
 * What a write referred to that was deleted meanwhile, by the foreign key it tripped: `campaign`
 * (a program: `…_campaigns_id_fk`) or `voucher` (a card: `…_card_fk`, `…_vouchers_id_fk`).
 */
export function goneReference(error: unknown): 'campaign' | 'voucher' | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: string; constraint?: string };
    if (candidate.code !== '23503' || !candidate.constraint) continue;
    if (candidate.constraint.endsWith('_campaigns_id_fk')) return 'campaign';
    if (candidate.constraint.endsWith('_card_fk') || candidate.constraint.endsWith('_vouchers_id_fk')) return 'voucher';
  }
  return undefined;
}

/**
 * PostgreSQL's refusals of a value itself (too long for an index, a character it cannot store,
 * nesting too deep): the client's input, not a fault of the service. The edge checks (http/
 * unstorable-text, schema limits) should catch these first; this is the net behind them.
 */
const unstorableValueCodes = new Set(['22001', '22021', '22P05', '54000', '54001', '22P02']);

export function unstorableValue(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unstorableValueCodes.has(code)) return true;
  }
  return false;
}

/** The check constraint a failed statement violated, whatever driver or wrapper raised it. */
export function violatedCheck(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: string; constraint?: string };
    if (candidate.code === '23514') return candidate.constraint ?? 'unknown';
  }
  return undefined;
}
