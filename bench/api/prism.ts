import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `shared/reference` beside the checkout: the nearest ancestor holding it (a worktree sits deeper than the main checkout). */
function referenceFile(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'reference', name);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`shared/reference/${name} not found`);
    dir = parent;
  }
}

export type PrismContract = 'subset' | 'spend' | 'orders';

const documents: Record<PrismContract, string> = { subset: 'openapi-subset.json', spend: 'openapi-spend.json', orders: 'openapi-loyalty-rest.json' };

/**
 * Prism mocking one of the real API's published contracts, as a child process: `subset` (the eight
 * operations), `spend` (rewards, redemption, balance, activity) or `orders` (openapi-loyalty-rest,
 * which holds the Orders operations).
 */
export async function startPrism(port: number, contract: PrismContract = 'subset'): Promise<{ url: string; /** Its process, whose CPU time bench:api reads from /proc. */ pid: number; stop(): Promise<void> }> {
  const document = referenceFile(documents[contract]);
  const child: ChildProcess = spawn(process.execPath, ['node_modules/@stoplight/prism-cli/dist/index.js', 'mock', document, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Prism did not start within 240 s')), 240_000);
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
    pid: child.pid as number,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
