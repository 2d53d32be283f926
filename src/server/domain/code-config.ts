import type { CodeConfig } from '../../platform/db/schema';

/** The real API's default card code: 8 characters of digits and capital letters (card-code.ts). */
export const defaultCharset = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const defaultLength = 8;

/** The code config a program keeps: the charset and the length always stated, so answers and generation agree. */
export function storedCodeConfig(input: { pattern?: string; length?: number; charset?: string; prefix?: string; postfix?: string } | undefined): CodeConfig {
  const charset = input?.charset ?? defaultCharset;
  if (input?.pattern) return { pattern: input.pattern, charset, length: (input.pattern.match(/#/g) ?? []).length };
  return { length: input?.length ?? defaultLength, charset, ...(input?.prefix && { prefix: input.prefix }), ...(input?.postfix && { postfix: input.postfix }) };
}

/** How many different codes the config can make (capped: past 2^53 the exact number does not matter). */
export function codeSpace(config: CodeConfig): number {
  const random = config.pattern ? (config.pattern.match(/#/g) ?? []).length : (config.length ?? defaultLength);
  return Math.min(Number.MAX_SAFE_INTEGER, (config.charset ?? defaultCharset).length ** random);
}

/**
 * Why `count` cards cannot be made with the config, if so: codes are drawn at random and must be
 * unique in the project, so the space must hold well more than the cards asked for (ten times: at
 * most one draw in ten then collides, and every program still has codes left for new members).
 */
export function codeSpaceRefusal(config: CodeConfig, count: number): string | undefined {
  const space = codeSpace(config);
  if (space < Math.max(count, 1) * 10) return `makes only ${space} different codes, too few for ${count} cards: lengthen the code or widen the charset`;
  return undefined;
}

/** Whether a program's dates are in order (both given: the start first). */
export function datesInOrder(start: Date | null, expiration: Date | null): boolean {
  return !start || !expiration || start.getTime() < expiration.getTime();
}
