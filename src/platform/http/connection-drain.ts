import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** One open connection: the responses running on it, and since when it has had none. */
interface Connection {
  responses: Set<ServerResponse>;
  idleSince: number;
  closeTimer?: NodeJS.Timeout;
}

/** How long a drain keeps accepting, and how long a connection must have been quiet before it is closed. */
export const DRAIN_GRACE_MS = 250;

/**
 * The connections of one HTTP server and the requests running on each, so that a shutdown answers
 * every request that reached the server and closes only connections with nothing to answer.
 *
 * Node's `server.close()` will not do: it destroys every connection between two requests at once,
 * including one whose next request is already in the kernel's receive queue, unread (closing a socket
 * with unread data sends a reset, so a client that sent its request before the signal gets
 * ECONNRESET), and it keeps a connection that never sends a complete request open for ever. Closing
 * the listening socket at once resets the connections the kernel has completed but the process has
 * not yet accepted, requests and all, and those whose handshake is still being processed.
 */
export class ConnectionDrain {
  private readonly connections = new Map<Socket, Connection>();
  private draining: { graceMs: number; until: number; closed: Promise<void> } | undefined;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
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
   * Keeps accepting for `graceMs` (connections made before the call, whose handshake or request may
   * still be on its way through the kernel, are taken in), then stops. Every request that arrives on
   * an open connection meanwhile is answered, with `Connection: close`, as are the requests in flight;
   * a connection is closed once it has been `graceMs` without a request and the grace is over (silent,
   * idle keep-alive, or stuck halfway through its headers). Resolves when no connection is left.
   */
  drain(graceMs = DRAIN_GRACE_MS): Promise<void> {
    if (this.draining) return this.draining.closed;
    const closed = new Promise<void>((resolve) => {
      // net's close, not http's: the listener only. Called on a server already closed, the
      // callback still waits for its last connection.
      afterPollPhase(graceMs, () => NetServer.prototype.close.call(this.server, () => resolve()));
    });
    this.draining = { graceMs, until: Date.now() + graceMs, closed };
    for (const [socket, connection] of this.connections) {
      if (connection.responses.size === 0) this.closeWhenQuiet(socket, connection);
      else for (const response of connection.responses) closeAfter(response);
    }
    return closed;
  }

  /** Closes every connection left, cutting the requests still running; returns how many were cut. */
  cut(): number {
    const cut = this.requestsInFlight;
    void this.drain(0);
    for (const socket of this.connections.keys()) socket.destroy();
    return cut;
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
    const { graceMs, until } = this.draining as NonNullable<typeof this.draining>;
    const idleSince = connection.idleSince;
    clearTimeout(connection.closeTimer);
    connection.closeTimer = afterPollPhase(Math.max(until, idleSince + graceMs) - Date.now(), () => {
      if (connection.responses.size === 0 && connection.idleSince === idleSince) socket.destroy();
    });
  }
}

/**
 * Runs `callback` once `ms` have passed and the event loop has been through a poll phase since (a
 * timer runs before the poll phase of its loop iteration, an immediate after it): what arrived on every
 * socket by then, and every connection waiting to be accepted, has been taken in.
 */
function afterPollPhase(ms: number, callback: () => void): NodeJS.Timeout {
  return setTimeout(() => setImmediate(callback), Math.max(0, ms));
}

/** Tells the client the connection ends with this response, if its headers are not out yet. */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}
