/**
 * How long a time-limited credential (a bearer token, an export's download link) lives when its
 * project's clock may run ahead of real time (issue 35): its lifetime runs on both clocks at once
 * and it ends by whichever ends it first. Moving the clock forward ends it early; returning to real
 * time never stretches it: it lives no longer than it would have from the real moment it was
 * issued.
 */
export interface CredentialLife {
  /** The end by the project's clock: the project's time at issue plus the lifetime. */
  expiresAt: Date;
  /** The end by real time: the real time at issue plus the lifetime. */
  realDeadline: Date;
}

/** When the credential ends, in the project's time `now` (real time `realNow`). */
export function credentialEnd(life: CredentialLife, now: Date, realNow: Date): Date {
  const byRealTime = now.getTime() + (life.realDeadline.getTime() - realNow.getTime());
  return byRealTime < life.expiresAt.getTime() ? new Date(byRealTime) : life.expiresAt;
}

/** Whether the credential still works at project time `now` (real time `realNow`). */
export function credentialLive(life: CredentialLife, now: Date, realNow: Date): boolean {
  return life.expiresAt.getTime() > now.getTime() && life.realDeadline.getTime() > realNow.getTime();
}
