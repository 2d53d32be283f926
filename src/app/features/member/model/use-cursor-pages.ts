import { useState } from 'react';

/**
 * Paging over a cursor list (`starting_after_id`): the cursors of the pages seen so far, so
 * "Newer" goes back without the API offering a backwards cursor.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    pageNumber: cursors.length,
    older: (next: string) => setCursors((seen) => [...seen, next]),
    newer: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
    reset: () => setCursors([undefined]),
  };
}
