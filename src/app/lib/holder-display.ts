import type { CardHolder } from '../api/get-card-holders';

/** How the dashboard names a card's holder (members table, card chooser): the name, then the email under it; either alone; else the source id. */
export function holderDisplay(holder: CardHolder | undefined, holderId: string | null): { primary: string; secondary?: string; muted: boolean } {
  if (!holderId) return { primary: 'Not published yet', muted: true };
  if (!holder) return { primary: 'Customer', muted: true };
  const name = holder.name?.trim();
  const email = holder.email?.trim();
  if (name) return { primary: name, secondary: email || undefined, muted: false };
  if (email) return { primary: email, muted: false };
  if (holder.source_id) return { primary: holder.source_id, secondary: 'No name or email', muted: false };
  return { primary: 'Unnamed customer', muted: true };
}
