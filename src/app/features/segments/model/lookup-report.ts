import type { CustomerLookup } from '../../../../contract/segment';

export interface LookupReport {
  /** The customers found, distinct (an id and a source id may name one customer): what the segment holds. */
  customerIds: string[];
  /** The entries that name no customer, with the line each was on. */
  unknown: { line: number; entry: string }[];
}

/** What the service's lookup means for the pasted list: the customers to send, and the lines to report. */
export function lookupReport(references: readonly string[], lines: readonly number[], lookup: CustomerLookup): LookupReport {
  const lineOf = new Map(references.map((reference, index) => [reference, lines[index]]));
  const customerIds = [...new Set(lookup.found.map((found) => found.id))];
  const unknown = lookup.unknown.map((entry) => ({ line: lineOf.get(entry) ?? 0, entry }));
  return { customerIds, unknown };
}

/** "line 1 “customer_id”, line 7 “dmo-customer-02”" and how many more, for the form's warning. */
export function unknownLinesText(unknown: LookupReport['unknown'], shown = 10): string {
  const listed = unknown.slice(0, shown).map(({ line, entry }) => `line ${line} “${entry}”`);
  const more = unknown.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}
