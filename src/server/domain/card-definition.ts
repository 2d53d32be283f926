import { createHash } from 'node:crypto';

/**
 * Campaigns have no v2 card definitions; every points effect names one card definition per project,
 * derived from the project id so reloading a fixture, or writing a rule through the API, gives the
 * same id.
 */
export function cardDefinitionOf(projectId: string): string {
  return `lcdef_${createHash('sha256').update(projectId).digest('hex').slice(0, 24)}`;
}
