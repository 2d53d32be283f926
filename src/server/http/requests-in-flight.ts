/**
 * How many requests this process is answering, and that count integrated over time, so a sampler
 * can tell the mean number in flight over any span (domain/webhook-yield's LoadWindow): requests
 * queue up only when the service cannot keep up with its clients.
 */
export class RequestsInFlight {
  private count = 0;
  private area = 0;
  private since = performance.now();

  private advance(): void {
    const now = performance.now();
    this.area += this.count * (now - this.since);
    this.since = now;
  }

  begin(): void {
    this.advance();
    this.count++;
  }

  end(): void {
    this.advance();
    this.count--;
  }

  /** Requests in flight now. */
  get current(): number {
    return this.count;
  }

  /** Requests in flight × milliseconds so far, and the time it was read at (performance.now()). */
  read(): { area: number; at: number } {
    this.advance();
    return { area: this.area, at: this.since };
  }
}
