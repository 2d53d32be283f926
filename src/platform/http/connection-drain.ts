import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { connectionsWaiting } from './listen-backlog';

/** One open connection: the responses running on it, and since when it has had none. */
interface Connection {
  responses: Set<ServerResponse>;
  idleSince: number;
  closeTimer?: NodeJS.Timeout;
}

export interface DrainTimes {
  /**
   * The server goes on accepting for at least this long, so that a connection or request still on its
   * way through the kernel arrives, and closes a connection once it has been this long without a
   * request, so that a keep-alive client that has just had an answer can still send its next one.
   */
  graceMs: number;
  /** It stops accepting this long after the drain began at the latest, even with connections still waiting. */
  acceptAtMostMs: number;
}

export const DEFAULT_DRAIN_TIMES: DrainTimes = { graceMs: 250, acceptAtMostMs: 2_500 };

/**
 * The connections of one HTTP server and the requests running on each, so that a shutdown answers
 * every request that reached the server and closes only connections with nothing to answer.
 *
 * Node's `server.close()` will not do: it destroys every connection between two requests at once,
 * including one whose next request is already in the kernel's receive queue, unread (closing a socket
 * with unread data sends a reset, so a client that sent its request before the signal gets
 * ECONNRESET), and it keeps a connection that never sends a complete request open for ever. Closing
 * the listening socket resets every connection the kernel has completed that the process has not yet
 * accepted, requests and all, and Node accepts one connection per pass of its event loop, so a
 * backlog builds up while the process is busy (PGlite runs its queries on the event loop).
 */
export class ConnectionDrain {
  private readonly connections = new Map<Socket, Connection>();
  /** Connections accepted so far. */
  private accepted = 0;
  private draining: { times: DrainTimes; graceEnds: number; closed: Promise<void>; closeListener: () => void } | undefined;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      const connection: Connection = { responses: new Set(), idleSince: Date.now() };
      this.connections.set(socket, connection);
      socket.once('close', () => {
        clearTimeout(connection.closeTimer);
        this.connections.delete(socket);
      });
      // Accepted while draining: its request, if it sends one in time, is answered.
      if (this.draining) this.closeWhenQuiet(socket, connection);
    });
    // First, so that `Connection: close` is set before a handler can answer.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.track(request.socket as Socket, response));
  }

  /** Requests still being answered. */
  get requestsInFlight(): number {
    let count = 0;
    for (const { responses } of this.connections.values()) count += responses.size;
    return count;
  }

  /**
   * Goes on accepting for the grace, then until the connections waiting in the listen backlog by
   * then are accepted too, and stops. Every request that arrives on an open connection meanwhile is
   * answered, with `Connection: close`, as are the requests in flight; a connection without one
   * (silent, idle keep-alive, stuck halfway through its headers) is closed once it has been quiet for
   * the grace and the grace is over. Resolves when no connection is left.
   */
  drain(times: DrainTimes = DEFAULT_DRAIN_TIMES): Promise<void> {
    if (this.draining) return this.draining.closed;
    let closeListener = () => {};
    const closed = new Promise<void>((resolve) => {
      let listening = true;
      closeListener = () => {
        if (!listening) return;
        listening = false;
        clearTimeout(latest);
        // net's close, not http's: the listening socket only. On a server already closed, the
        // callback still waits for its last connection.
        NetServer.prototype.close.call(this.server, () => resolve());
      };
      const latest = setTimeout(closeListener, Math.max(times.graceMs, times.acceptAtMostMs));
    });
    this.draining = { times, graceEnds: Date.now() + times.graceMs, closed, closeListener };
    afterPollPhase(times.graceMs, () => this.acceptBacklogThen(closeListener));
    for (const [socket, connection] of this.connections) {
      if (connection.responses.size === 0) this.closeWhenQuiet(socket, connection);
      else for (const response of connection.responses) closeAfter(response);
    }
    return closed;
  }

  /** Closes every connection left, cutting the requests still running; returns how many were cut. */
  cut(): number {
    const cut = this.requestsInFlight;
    void this.drain({ graceMs: 0, acceptAtMostMs: 0 });
    this.draining?.closeListener();
    for (const socket of this.connections.keys()) socket.destroy();
    return cut;
  }

  /**
   * Accepts the connections waiting in the listen backlog now (as many as the kernel counts), then
   * calls `close`; also once a pass of the event loop accepts nothing, as the backlog is then empty
   * (which is all there is to go by where the kernel does not count).
   */
  private acceptBacklogThen(close: () => void): void {
    const port = (this.server.address() as AddressInfo | null)?.port;
    const waiting = port === undefined ? 0 : connectionsWaiting(port);
    const target = this.accepted + (waiting ?? Number.POSITIVE_INFINITY);
    const check = (acceptedBefore?: number) => {
      if (this.accepted >= target || this.accepted === acceptedBefore) return close();
      const acceptedNow = this.accepted;
      afterPollPhase(0, () => check(acceptedNow));
    };
    check();
  }

  private track(socket: Socket, response: ServerResponse): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    connection.responses.add(response);
    if (this.draining) closeAfter(response);
    response.once('close', () => {
      connection.responses.delete(response);
      if (connection.responses.size > 0) return;
      connection.idleSince = Date.now();
      // Answered with keep-alive before the drain began: the client may be sending its next request.
      if (this.draining && !socket.destroyed) this.closeWhenQuiet(socket, connection);
    });
  }

  /**
   * Destroys the connection once it has been quiet for the grace and the grace is over. The check runs
   * after a poll phase, so bytes that arrived while the process was busy are read first: a request
   * among them starts a response, and the connection stays.
   */
  private closeWhenQuiet(socket: Socket, connection: Connection): void {
    const { times, graceEnds } = this.draining as NonNullable<typeof this.draining>;
    const idleSince = connection.idleSince;
    clearTimeout(connection.closeTimer);
    connection.closeTimer = afterPollPhase(Math.max(graceEnds, idleSince + times.graceMs) - Date.now(), () => {
      if (connection.responses.size === 0 && connection.idleSince === idleSince) socket.destroy();
    });
  }
}

/**
 * Runs `callback` once `ms` have passed and the event loop has been through a poll phase since (a
 * timer runs before the poll phase of its pass, an immediate after it), in which it reads what has
 * arrived on every socket and accepts a waiting connection.
 */
function afterPollPhase(ms: number, callback: () => void): NodeJS.Timeout {
  return setTimeout(() => setImmediate(callback), Math.max(0, ms));
}

/** Tells the client the connection ends with this response, if its headers are not out yet. */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}
