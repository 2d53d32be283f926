import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';

/**
 * Clients on their own thread: they connect, and once each has written its request they wake this
 * thread, which was blocked meanwhile, so the connections still wait in the listen backlog when the
 * test goes on. Resolves with what each received, or the error that ended it.
 */
export function requestsWhileBlocked(port: number, count: number): Promise<Array<{ received: string; error?: string }>> {
  const written = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const outcomes = [];
     for (let i = 0; i < workerData.count; i++) {
       const socket = require('node:net').connect(workerData.port, '127.0.0.1');
       let received = '';
       const done = (error) => {
         if (outcomes[i]) return;
         outcomes[i] = { received, ...(error && { error }) };
         if (outcomes.filter(Boolean).length === workerData.count) parentPort.postMessage(outcomes);
       };
       socket.on('data', (chunk) => (received += chunk));
       socket.on('error', (error) => done(error.code));
       socket.on('close', () => done());
       socket.on('connect', () => {
         socket.write('GET / HTTP/1.1\\r\\nhost: x\\r\\n\\r\\n');
         if (Atomics.add(workerData.written, 0, 1) + 1 === workerData.count) Atomics.notify(workerData.written, 0);
       });
     }`,
    { eval: true, workerData: { port, count, written } },
  );
  const outcomes = new Promise<Array<{ received: string; error?: string }>>((resolve) => worker.once('message', resolve));
  // Blocks this thread, and with it the server's accepting, until every request is written.
  const deadline = Date.now() + 5_000;
  while (Atomics.load(written, 0) < count && Date.now() < deadline) Atomics.wait(written, 0, Atomics.load(written, 0), 100);
  expect(Atomics.load(written, 0)).toBe(count);
  return outcomes.finally(() => worker.terminate());
}
