/** The unique index a failed statement violated, whatever driver (pg, PGlite) or wrapper (Drizzle) raised it. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: string; constraint?: string };
    if (candidate.code === '23505') return candidate.constraint ?? 'unknown';
  }
  return undefined;
}
