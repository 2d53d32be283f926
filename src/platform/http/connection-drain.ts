import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The connections of one HTTP server and the requests running on each, so a shutdown can close
 * what holds no request and wait for what does.
 *
 * Node's `server.close()` closes idle keep-alive connections but not a connection that has not yet
 * sent a complete request: it counts as waiting for a request's headers, and once the server is
 * closing nothing times it out, so one silent client kept the process alive indefinitely.
 */
export class ConnectionDrain {
  /** Every open connection, with the responses still running on it. */
  private readonly connections = new Map<Socket, Set<ServerResponse>>();
  private draining = false;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, new Set());
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => this.track(request.socket as Socket, response));
  }

  /** Requests still being answered. */
  get requestsInFlight(): number {
    let count = 0;
    for (const responses of this.connections.values()) count += responses.size;
    return count;
  }

  /**
   * Stops accepting connections, closes every connection without a request in progress (idle
   * keep-alive, silent, or still sending its request line or headers), and lets the requests in
   * flight finish, each connection closing after its last response. Resolves when the server has
   * no connection left.
   */
  drain(): Promise<void> {
    this.draining = true;
    // Called on a server already closed, the callback still waits for its last connection.
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const [socket, responses] of this.connections) {
      if (responses.size === 0) socket.destroy();
      else for (const response of responses) closeAfter(response);
    }
    return closed;
  }

  /** Closes every connection left, cutting the requests still running; returns how many were cut. */
  cut(): number {
    const cut = this.requestsInFlight;
    this.draining = true;
    for (const socket of this.connections.keys()) socket.destroy();
    return cut;
  }

  private track(socket: Socket, response: ServerResponse): void {
    const responses = this.connections.get(socket);
    if (!responses) return;
    responses.add(response);
    if (this.draining) closeAfter(response);
    response.once('close', () => {
      responses.delete(response);
      // Answered while draining: the connection goes with it instead of idling until keep-alive ends.
      if (this.draining && responses.size === 0) socket.end();
    });
  }
}

/** Tells the client the connection ends with this response, if its headers are not out yet. */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}
