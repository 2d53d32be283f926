import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const subset = fileURLToPath(new URL('../../../shared/reference/openapi-subset.json', import.meta.url));

/** Prism mocking the real API's contract (the eight operations), as a child process. */
export async function startPrism(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['node_modules/@stoplight/prism-cli/dist/index.js', 'mock', subset, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Prism did not start within 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}`)));
  });
  // Prism logs every request; drain it so a full pipe never stalls it.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
