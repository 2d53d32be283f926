import { describe, expect, it } from 'vitest';
import { gatherTurnOf, StatementBatcher } from './statement-batcher';

/** A stand-in for a repository function whose statements finish when the test says so. */
function statements() {
  const calls: { inputs: string[]; finish(): void }[] = [];
  const run = (inputs: string[]) => new Promise<string[]>((resolve) => calls.push({ inputs, finish: () => resolve(inputs.map((input) => `done ${input}`)) }));
  return { calls, run };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('StatementBatcher', () => {
  it('runs a lone input at once; those arriving while it runs go together after it', async () => {
    const { calls, run } = statements();
    const batcher = new StatementBatcher(run);
    const outputs = ['a', 'b', 'c'].map((input) => batcher.run(input));
    expect(calls.map((c) => c.inputs)).toEqual([['a']]);
    calls[0].finish();
    await settle();
    expect(calls.map((c) => c.inputs)).toEqual([['a'], ['b', 'c']]);
    calls[1].finish();
    expect(await Promise.all(outputs)).toEqual(['done a', 'done b', 'done c']);
  });

  it('with gatherTurn, waits for the end of the turn so that its inputs share the statement', async () => {
    const { calls, run } = statements();
    const batcher = new StatementBatcher(run, 1, 32, true);
    const outputs = ['a', 'b', 'c'].map((input) => batcher.run(input));
    expect(calls).toEqual([]);
    await settle();
    expect(calls.map((c) => c.inputs)).toEqual([['a', 'b', 'c']]);
    calls[0].finish();
    expect(await Promise.all(outputs)).toEqual(['done a', 'done b', 'done c']);
  });

  it('gathers on the embedded database only: on PostgreSQL requests arrive while a statement is out', () => {
    expect(gatherTurnOf({ kind: 'pglite' })).toBe(true);
    expect(gatherTurnOf({ kind: 'postgres' })).toBe(false);
  });
});
