import { staticSegmentLimit } from '../../../../contract/segment-limits';

/** What a customer id looks like: the `cust_` prefix and letters or digits (the service's ids). */
export const customerIdPattern = /^cust_[A-Za-z0-9]+$/;

/** How many malformed entries are shown back to the user. */
const malformedSample = 5;

export interface ParsedIds {
  /** Every non-empty entry found in the text. */
  pasted: number;
  /** Distinct well-formed ids, in first-seen order: what is sent. */
  ids: string[];
  /** Repeats of a well-formed id that were dropped. */
  duplicates: number;
  /** Entries that are not customer ids (left out), and the first few of them. */
  malformed: number;
  malformedExamples: string[];
  /** More distinct ids than one static segment holds. */
  overLimit: boolean;
}

/**
 * Splits pasted or uploaded text (CSV or TXT) into customer ids: entries are separated by commas,
 * semicolons, whitespace and new lines; quotes around an entry (CSV) are removed. Entries that do
 * not look like a customer id, a CSV header for instance, are counted as malformed and left out.
 */
export function parseIds(text: string): ParsedIds {
  const seen = new Set<string>();
  const ids: string[] = [];
  let pasted = 0;
  let duplicates = 0;
  let malformed = 0;
  const malformedExamples: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const entry = raw.replace(/^["']+|["']+$/g, '');
    if (!raw) continue;
    pasted++;
    if (!customerIdPattern.test(entry)) {
      malformed++;
      if (malformedExamples.length < malformedSample) malformedExamples.push(entry || raw);
      continue;
    }
    if (seen.has(entry)) {
      duplicates++;
      continue;
    }
    seen.add(entry);
    ids.push(entry);
  }
  return { pasted, ids, duplicates, malformed, malformedExamples, overLimit: ids.length > staticSegmentLimit };
}
