import { connect, type Socket } from 'node:net';

/**
 * A burst of HTTP/1.1 requests written by hand on raw sockets, so each request's fate is known
 * exactly: its bytes were written before or after a moment the test marks (`mark()`, just before it
 * signals the server), and it was answered (a complete response), refused (ECONNREFUSED: nothing
 * sent), reset (ECONNRESET or EPIPE before a complete response) or closed unanswered (the server
 * ended the connection without a complete response).
 *
 * Two kinds of loop run side by side until the server refuses them: one opens a new connection per
 * request (`connection: close`), the other keeps a connection alive for as long as the server does
 * and opens the next one when the server closes it.
 */

export type Outcome = 'answered' | 'refused' | 'reset' | 'unanswered';

export interface BurstRequest {
  loop: 'new connection' | 'keep-alive';
  /** The request's number, from 0, across all loops. */
  n: number;
  /** Its bytes were written (on loopback: in the server's receive queue) before `mark()`. Refused: not sent. */
  sentBeforeMark: boolean;
  outcome: Outcome;
  status?: number;
  /** The response said `Connection: close`. */
  connectionClose?: boolean;
  error?: string;
}

export interface BurstOptions {
  port: number;
  newConnectionLoops: number;
  keepAliveLoops: number;
  /** The head lines (method and path first, no Host, Connection or Content-Length) and body of request `n`. */
  request: (n: number) => { head: string[]; body: string };
}

export interface Burst {
  /** Every request so far. */
  readonly requests: BurstRequest[];
  /** From now on a request is "after the mark". */
  mark(): void;
  /** Stops starting new requests; resolves when every loop has ended. */
  stop(): Promise<void>;
  /** Resolves when every loop has ended on its own (the server refused it). */
  ended: Promise<void>;
}

/** A response read from a socket: complete once its Content-Length (or last chunk) has arrived. */
class ResponseReader {
  private buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
  }

  /** The response when complete (and what follows it stays buffered), else undefined. */
  take(): { status: number; headers: Record<string, string> } | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    let end: number;
    if (headers['content-length'] !== undefined) {
      end = headEnd + 4 + Number(headers['content-length']);
      if (this.buffer.length < end) return undefined;
    } else if (headers['transfer-encoding'] === 'chunked') {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd);
      if (last < 0) return undefined;
      end = last + 7;
    } else return undefined;
    this.buffer = this.buffer.subarray(end);
    return { status: Number(statusLine.split(' ')[1]), headers };
  }
}

/** An open connection, or the error that refused it. */
function open(port: number): Promise<{ socket: Socket } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const onError = (error: NodeJS.ErrnoException) => resolve({ error });
    socket.once('error', onError).once('connect', () => {
      socket.off('error', onError).on('error', () => {});
      resolve({ socket });
    });
  });
}

/** Writes one request on `socket` and waits for its fate. */
function exchange(socket: Socket, text: string, onWritten: () => void): Promise<Pick<BurstRequest, 'outcome' | 'status' | 'connectionClose' | 'error'>> {
  return new Promise((resolve) => {
    const reader = new ResponseReader();
    const done = (result: Pick<BurstRequest, 'outcome' | 'status' | 'connectionClose' | 'error'>) => {
      socket.off('data', onData).off('error', onError).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      reader.push(chunk);
      const response = reader.take();
      if (response) done({ outcome: 'answered', status: response.status, connectionClose: response.headers.connection?.toLowerCase() === 'close' });
    };
    const onError = (error: NodeJS.ErrnoException) =>
      done({ outcome: error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : 'unanswered', error: error.code ?? error.message });
    const onClose = () => done({ outcome: 'unanswered', error: 'closed' });
    socket.on('data', onData).on('error', onError).on('close', onClose);
    // On loopback a write to a connected, idle socket is in the peer's receive queue when it returns.
    socket.write(text);
    onWritten();
  });
}

export function startBurst(options: BurstOptions): Burst {
  const requests: BurstRequest[] = [];
  let marked = false;
  let stopped = false;
  let next = 0;
  const text = (n: number, keepAlive: boolean) => {
    const { head, body } = options.request(n);
    const [first, ...rest] = head;
    const lines = [first, `host: 127.0.0.1:${options.port}`, `connection: ${keepAlive ? 'keep-alive' : 'close'}`, `content-length: ${Buffer.byteLength(body)}`, ...rest];
    return `${lines.join('\r\n')}\r\n\r\n${body}`;
  };

  /** One request on `socket` (or on a new connection when none), recorded; returns the socket if it may carry another. */
  const one = async (loop: BurstRequest['loop'], socket: Socket | undefined): Promise<{ refused: boolean; socket?: Socket }> => {
    const n = next++;
    // A kept-alive connection the server has closed meanwhile is replaced, as an HTTP client would.
    const opened = socket?.writable ? { socket } : await open(options.port);
    if ('error' in opened) {
      const code = opened.error.code ?? opened.error.message;
      requests.push({ loop, n, sentBeforeMark: false, outcome: code === 'ECONNREFUSED' ? 'refused' : code === 'ECONNRESET' ? 'reset' : 'unanswered', error: code });
      return { refused: code === 'ECONNREFUSED' };
    }
    const connection = opened.socket;
    let sentBeforeMark = false;
    const result = await exchange(connection, text(n, loop === 'keep-alive'), () => (sentBeforeMark = !marked));
    requests.push({ loop, n, sentBeforeMark, ...result });
    if (result.outcome === 'answered' && !result.connectionClose && loop === 'keep-alive') return { refused: false, socket: connection };
    connection.destroy();
    return { refused: false };
  };

  const run = async (loop: BurstRequest['loop']) => {
    let socket: Socket | undefined;
    while (!stopped) {
      const result = await one(loop, socket);
      if (result.refused) break;
      socket = result.socket;
    }
    socket?.destroy();
  };

  const loops = [...Array.from({ length: options.newConnectionLoops }, () => run('new connection')), ...Array.from({ length: options.keepAliveLoops }, () => run('keep-alive'))];
  const ended = Promise.all(loops).then(() => undefined);
  return {
    requests,
    mark: () => void (marked = true),
    stop: () => {
      stopped = true;
      return ended;
    },
    ended,
  };
}
