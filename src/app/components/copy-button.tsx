import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so; where the clipboard is refused, asks for Ctrl+C. */
export function CopyButton({ text, label, onCopyFailed, copiedMessage = 'Token copied to the clipboard' }: { text: string; label: string; onCopyFailed?: () => void; copiedMessage?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
      onCopyFailed?.();
    }
  }

  return (
    <>
      {/* The name holds the visible word too (axe label-content-name-mismatch). */}
      <Button variant="contained" onClick={() => void copy()} aria-label={state === 'copied' ? `${label}: copied` : label} sx={{ flexShrink: 0 }}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {state === 'copied' ? copiedMessage : state === 'failed' ? 'Could not copy: the text is selected, press Ctrl+C' : ''}
      </span>
    </>
  );
}
