import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * The one success message of a member page: it belongs to the action that made it (adjust, redeem,
 * a pending-points decision). The next action on the card replaces it, so an old "The balance is now
 * 170" never stands beside a balance of 70, and it goes when its action's form leaves the page.
 */
export type MemberAction = 'adjust' | 'redeem' | 'pending' | 'undo' | 'transfer';

interface Message {
  code: string;
  action: MemberAction;
  text: string;
}

let current: Message | null = null;
const listeners = new Set<() => void>();

function publish(next: Message | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message `action` showed on card `code`, while it is the latest; `show` replaces any other, `clear` ends it. */
export function useActionMessage(code: string, action: MemberAction) {
  const message = useSyncExternalStore(subscribe, () => current);
  const show = useCallback((text: string) => publish({ code, action, text }), [code, action]);
  /** A new attempt of any action: whatever an earlier one said no longer holds. */
  const clear = useCallback(() => publish(null), []);
  useEffect(
    () => () => {
      if (current?.code === code && current.action === action) publish(null);
    },
    [code, action],
  );
  return { text: message && message.code === code && message.action === action ? message.text : null, show, clear };
}
