import { requestLogRecord, type AnsweredRequest, type RequestLogRecord } from '../domain/request-log-entry';

/** A body that cannot be kept (whatever the reason) costs the entry its bodies, never the entry. */
function recordOf(request: AnsweredRequest): RequestLogRecord {
  try {
    return requestLogRecord(request);
  } catch {
    return requestLogRecord({ ...request, params: undefined, body: undefined, payload: undefined });
  }
}

export interface RequestLogStore {
  insert(records: readonly RequestLogRecord[]): Promise<void>;
  prune(projectId: string, keep: number): Promise<void>;
}

export interface RequestLogWriterOptions {
  /** Rows kept per project (REQUEST_LOG_SIZE). */
  size: number;
  /** A batch is written at most this long after its first request was answered. */
  delayMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

/**
 * Writes the request log off the requests' path: an answered request is only remembered (`add`,
 * no work), and the redaction, the cut and the insert happen for many at once, one statement per
 * batch, one batch at a time so rows keep the order the answers went out in. `flush` writes
 * whatever is waiting: the log's reader calls it (a client reads its own requests at once) and so
 * does the service's close, after its last answer and before its database goes, so no answered
 * request is lost on a graceful stop. A project is pruned to its last `size` rows every half of
 * `size` rows it gains; reads never see more than `size` rows in between.
 */
export class RequestLogWriter {
  private waiting: AnsweredRequest[] = [];
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly sincePrune = new Map<string, number>();
  private readonly delayMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly store: RequestLogStore,
    private readonly options: RequestLogWriterOptions,
  ) {
    this.delayMs = options.delayMs ?? 250;
    this.maxBatch = options.maxBatch ?? 500;
  }

  get size(): number {
    return this.options.size;
  }

  add(request: AnsweredRequest): void {
    this.waiting.push(request);
    if (this.waiting.length >= this.maxBatch) void this.writeWaiting();
    else this.timer ??= setTimeout(() => void this.writeWaiting(), this.delayMs).unref();
  }

  /** Resolves once every request added before the call is in the database. */
  async flush(): Promise<void> {
    while (this.writing || this.waiting.length > 0) await (this.writing ?? this.writeWaiting());
  }

  private writeWaiting(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) return this.writing;
    const batch = this.waiting.splice(0, this.maxBatch);
    if (batch.length === 0) return Promise.resolve();
    this.writing = this.write(batch).finally(() => {
      this.writing = undefined;
      if (this.waiting.length > 0) this.timer ??= setTimeout(() => void this.writeWaiting(), 0).unref();
    });
    return this.writing;
  }

  private async write(batch: AnsweredRequest[]): Promise<void> {
    const records = await this.insertWhatCan(batch.map(recordOf));
    for (const { projectId } of records) this.sincePrune.set(projectId, (this.sincePrune.get(projectId) ?? 0) + 1);
    const every = Math.max(1, Math.floor(this.options.size / 2));
    for (const [projectId, added] of this.sincePrune) {
      if (added < every) continue;
      this.sincePrune.delete(projectId);
      await this.store.prune(projectId, this.options.size).catch((error: unknown) => this.options.onError?.(error));
    }
  }

  /**
   * Inserts the batch, else once more (a passing failure, a lost connection), else each record on
   * its own in order, so a record the database refuses costs only itself, never the other
   * requests (other projects') that shared its batch. One report per failed batch; the records
   * written are answered.
   */
  private async insertWhatCan(records: RequestLogRecord[]): Promise<RequestLogRecord[]> {
    try {
      await this.store.insert(records);
      return records;
    } catch {
      try {
        await this.store.insert(records);
        return records;
      } catch (error) {
        if (records.length === 1) {
          this.options.onError?.(error);
          return [];
        }
      }
    }
    const written: RequestLogRecord[] = [];
    let refused: unknown;
    for (const record of records) {
      try {
        await this.store.insert([record]);
        written.push(record);
      } catch (error) {
        refused ??= error;
      }
    }
    if (refused !== undefined) this.options.onError?.(refused);
    return written;
  }
}
