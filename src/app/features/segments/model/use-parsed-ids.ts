import { useEffect, useRef, useState } from 'react';
import type { ParsedIds } from './parse-ids';
import type { ParseIdsRequest, ParseIdsResponse } from './parse-ids.worker';

export interface ParsedIdsState {
  /** The counts of the latest text parsed (possibly an older text while `parsing`); null for no text. */
  parsed: ParsedIds | null;
  /** True while the text shown is not yet the one `parsed` describes. */
  parsing: boolean;
}

/**
 * Parses the text in a Web Worker once the user pauses typing, so the page stays responsive with
 * 20,000 ids. Answers to older texts are ignored (each request carries a sequence number).
 */
export function useParsedIds(text: string, delayMs = 150): ParsedIdsState {
  const worker = useRef<Worker | null>(null);
  const latest = useRef({ seq: 0, text: '' });
  const [result, setResult] = useState<{ text: string; parsed: ParsedIds } | null>(null);

  useEffect(() => {
    const instance = new Worker(new URL('./parse-ids.worker.ts', import.meta.url), { type: 'module' });
    instance.onmessage = (event: MessageEvent<ParseIdsResponse>) => {
      if (event.data.seq === latest.current.seq) setResult({ text: latest.current.text, parsed: event.data.result });
    };
    worker.current = instance;
    return () => {
      instance.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    if (!text.trim()) return;
    const timer = setTimeout(() => {
      latest.current = { seq: latest.current.seq + 1, text };
      worker.current?.postMessage({ seq: latest.current.seq, text } satisfies ParseIdsRequest);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  if (!text.trim()) return { parsed: null, parsing: false };
  return { parsed: result?.parsed ?? null, parsing: result?.text !== text };
}
