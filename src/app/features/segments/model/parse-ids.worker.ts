import { parseIds, type ParsedIds } from './parse-ids';

/** Parses pasted ids off the main thread, so a 20,000-id paste never freezes the page (docs/architecture.md, adding a page). */
export interface ParseIdsRequest {
  seq: number;
  text: string;
}
export interface ParseIdsResponse {
  seq: number;
  result: ParsedIds;
}

// The worker's global scope, typed without pulling the WebWorker lib into the DOM-typed project.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ParseIdsRequest>) => void) | null; postMessage(message: ParseIdsResponse): void };

scope.onmessage = (event) => {
  const { seq, text } = event.data;
  scope.postMessage({ seq, result: parseIds(text) });
};
