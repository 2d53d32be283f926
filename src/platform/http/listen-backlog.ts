import { readFileSync } from 'node:fs';

/**
 * How many connections the kernel has completed on `port` that no process has accepted yet (the
 * listen backlog), summed over the listening sockets on that port; undefined where the kernel does
 * not tell (not Linux).
 *
 * Linux shows a listening socket's backlog as its receive queue in /proc/net/tcp and tcp6, a line
 * `sl local_address rem_address st tx_queue:rx_queue …` with the port and the queues in hexadecimal
 * and st `0A` for LISTEN.
 */
export function connectionsWaiting(port: number): number | undefined {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let total: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(suffix) || !queues) continue;
      total = (total ?? 0) + parseInt(queues.slice(queues.indexOf(':') + 1), 16);
    }
  }
  return total;
}
