import { customerLookupLimit, staticSegmentLimit } from '../../../../contract/segment-limits';

/** What a customer id looks like: the `cust_` prefix and letters or digits (the service's ids). */
export const customerIdPattern = /^cust_[A-Za-z0-9]+$/;
/** Anything else is read as a source id (the customer's id in the marketer's own systems), up to the API's 200 characters. */
const referenceLimit = 200;

/** How many malformed entries are shown back to the user. */
const malformedSample = 5;

export interface ParsedIds {
  /** Every non-empty entry found in the text. */
  pasted: number;
  /** Distinct references (customer ids or source ids), in first-seen order: what is looked up and sent. */
  ids: string[];
  /** The line (1-based) where each of `ids` first appears, to report unknown ones by line. */
  lines: number[];
  /** Repeats of a reference that were dropped. */
  duplicates: number;
  /** Entries that cannot name a customer (longer than 200 characters), and the first few of them. */
  malformed: number;
  malformedExamples: string[];
  /** More distinct references than one static segment holds: fine if some name no customer (a header). */
  overSegment: boolean;
  /** More distinct references than can be looked up at once (twice a segment's limit): refused. */
  overLimit: boolean;
}

/**
 * Splits pasted or uploaded text (CSV or TXT) into customer references: entries are separated by
 * commas, semicolons, whitespace and new lines; quotes around an entry (CSV) are removed. A
 * `cust_…` entry is a customer id, any other a source id; which of them name no customer (a CSV
 * header, a typo) the service says when they are looked up, and the form reports them by line.
 */
export function parseIds(text: string): ParsedIds {
  const seen = new Set<string>();
  const ids: string[] = [];
  const lines: number[] = [];
  let pasted = 0;
  let duplicates = 0;
  let malformed = 0;
  const malformedExamples: string[] = [];
  let line = 0;
  for (const lineText of text.split('\n')) {
    line++;
    for (const raw of lineText.split(/[\s,;]+/)) {
      if (!raw) continue;
      const entry = raw.replace(/^["']+|["']+$/g, '');
      pasted++;
      if (!entry || entry.length > referenceLimit) {
        malformed++;
        if (malformedExamples.length < malformedSample) malformedExamples.push(`line ${line}: ${(entry || raw).slice(0, 40)}${entry.length > 40 ? '…' : ''}`);
        continue;
      }
      if (seen.has(entry)) {
        duplicates++;
        continue;
      }
      seen.add(entry);
      ids.push(entry);
      lines.push(line);
    }
  }
  return { pasted, ids, lines, duplicates, malformed, malformedExamples, overSegment: ids.length > staticSegmentLimit, overLimit: ids.length > customerLookupLimit };
}
