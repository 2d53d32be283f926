import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { postgresServiceNodeFlags } from '../../src/platform/node-heap';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Spawned {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
}

/** Runs a CLI entry point (`src/cli/x.ts`) under tsx with `env` added to ours, with the Node flags its npm script gives it. */
export function spawnCli(entry: string, env: Record<string, string>): Spawned {
  const flags = entry.endsWith('serve.ts') ? postgresServiceNodeFlags : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, output: () => output, exited };
}

/** Waits until `url` answers at all (any status), or fails after `timeoutMs` or when the process exits. */
export async function waitUntilAnswering(spawned: Spawned, url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawned.child.exitCode !== null) throw new Error(`the process exited with ${spawned.child.exitCode}:\n${spawned.output()}`);
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${spawned.output()}`);
}

/** Kills the process if it is still running (SIGKILL: a cleanup must not wait on what it cleans up). */
export async function killIfRunning(spawned: Spawned | undefined): Promise<void> {
  if (!spawned || spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  spawned.child.kill('SIGKILL');
  await spawned.exited;
}

/** An open TCP connection, with a promise of its close. */
export async function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed };
}

/** Whether a new connection to `port` is refused. */
export async function connectionRefused(port: number): Promise<boolean> {
  return openSocket(port).then(
    ({ socket }) => {
      socket.destroy();
      return false;
    },
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

/** A chunked body's data (chunk sizes in hex, each line ended by CRLF, a zero-size chunk last). */
function dechunked(raw: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.slice(at, lineEnd), 16);
    if (!size) return body;
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An HTTP/1.1 request written by hand, so the test decides when each byte goes: `start` sends the
 * head and the first part of the body; `finish` sends the rest and reads the response to the end of
 * the connection.
 */
export async function slowRequest(port: number, method: string, path: string, headers: Record<string, string>, body: string, firstPart: number) {
  const { socket, closed } = await openSocket(port);
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  const head = [`${method} ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`, `content-length: ${Buffer.byteLength(body)}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  socket.write(`${head}\r\n\r\n${body.slice(0, firstPart)}`);
  return {
    socket,
    closed,
    async finish(): Promise<RawResponse> {
      socket.write(body.slice(firstPart));
      await closed;
      const [headText, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...headerLines] = headText.split('\r\n');
      const parsed = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const raw = rest.join('\r\n\r\n');
      return { status: Number(statusLine.split(' ')[1]), headers: parsed, body: parsed['transfer-encoding'] === 'chunked' ? dechunked(raw) : raw };
    },
  };
}

/** One API service process (`npm run serve:api`) on the PostgreSQL database at `url`; resolves with its address once it listens. */
export function startServiceProcess(url: string, env: Record<string, string> = {}): Promise<{ address: string; child: ChildProcess }> {
  const serve = fileURLToPath(new URL('../../src/cli/serve.ts', import.meta.url));
  const child = spawn(process.execPath, [...postgresServiceNodeFlags, '--import', 'tsx', serve], {
    env: { ...process.env, DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PG_POOL_SIZE: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const address = /API listening on (\S+)/.exec(line)?.[1];
      if (address) resolve({ address, child });
    });
  });
}

/** Stops service processes started by startServiceProcess and waits until they exit. */
export async function stopServiceProcesses(services: { child: ChildProcess }[]): Promise<void> {
  for (const { child } of services) child.kill('SIGTERM');
  await Promise.all(services.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
}
