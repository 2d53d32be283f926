import { describe, expect, it } from 'vitest';
import type { OneStatementEnrollment } from '../db/repositories/enrollment';
import type { VoucherRow } from '../db/repositories/vouchers';
import { EnrollmentBatcher } from './enrollment-batcher';

const now = new Date('2026-06-01T12:00:00Z');
const enrollment = (customer: OneStatementEnrollment['customer'], campaignId = 'camp_a'): OneStatementEnrollment => ({
  projectId: 'proj_a',
  campaignId,
  customer,
  publication: { id: `pub_${JSON.stringify(customer)}`, createdAt: now },
  now,
});
const cardFor = (input: OneStatementEnrollment) => ({ id: `v_${typeof input.customer === 'string' ? input.customer : input.customer.source_id}` }) as VoucherRow;

/** A stand-in for enrollTogether whose statements finish when the test says so. */
function statements() {
  const calls: { inputs: OneStatementEnrollment[]; finish(outcome?: 'cards' | 'nothing' | Error): void }[] = [];
  const run = (inputs: OneStatementEnrollment[]) =>
    new Promise<VoucherRow[] | undefined>((resolve, reject) => {
      calls.push({ inputs, finish: (outcome = 'cards') => (outcome instanceof Error ? reject(outcome) : resolve(outcome === 'cards' ? inputs.map(cardFor) : undefined)) });
    });
  return { calls, run };
}
const names = (inputs: OneStatementEnrollment[]) => inputs.map((input) => (typeof input.customer === 'string' ? input.customer : input.customer.source_id));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EnrollmentBatcher', () => {
  it('runs a lone enrollment at once, alone', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 2);
    const card = batcher.enroll(enrollment('ann'));
    expect(calls.map((c) => names(c.inputs))).toEqual([['ann']]);
    calls[0].finish();
    expect(await card).toEqual({ id: 'v_ann' });
  });

  it('with gatherTurn (the embedded database), the enrollments of one turn of the event loop go as one statement; without, the first goes alone', async () => {
    const gathered = statements();
    const batcher = new EnrollmentBatcher(gathered.run, 1, true);
    const cards = ['ann', 'bob', 'cy'].map((name) => batcher.enroll(enrollment({ source_id: name })));
    expect(gathered.calls).toEqual([]);
    await settle();
    expect(gathered.calls.map((c) => names(c.inputs))).toEqual([['ann', 'bob', 'cy']]);
    gathered.calls[0].finish();
    expect(await Promise.all(cards)).toEqual([{ id: 'v_ann' }, { id: 'v_bob' }, { id: 'v_cy' }]);

    const alone = statements();
    const eager = new EnrollmentBatcher(alone.run, 1);
    ['ann', 'bob', 'cy'].forEach((name) => void eager.enroll(enrollment({ source_id: name })));
    expect(alone.calls.map((c) => names(c.inputs))).toEqual([['ann']]);
  });

  it('runs at most `parallel` statements per lane; those waiting go together, each answered with its own card', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 2);
    const cards = ['a', 'b', 'c', 'd', 'e'].map((name) => batcher.enroll(enrollment(name)));
    const other = batcher.enroll(enrollment('x', 'camp_other'));
    expect(calls.map((c) => names(c.inputs))).toEqual([['a'], ['b'], ['x']]);
    calls[0].finish();
    await settle();
    expect(names(calls[3].inputs)).toEqual(['c', 'd', 'e']);
    calls.slice(1).forEach((c) => c.finish());
    expect(await Promise.all([...cards, other])).toEqual(['a', 'b', 'c', 'd', 'e', 'x'].map((name) => ({ id: `v_${name}` })));
  });

  it('takes as many together as the largest statement size that fits, keeping the rest in line', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 1);
    const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => batcher.enroll(enrollment(name)));
    calls[0].finish();
    await settle();
    expect(names(calls[1].inputs)).toEqual(['b', 'c', 'd', 'e']);
    calls[1].finish();
    await settle();
    expect(names(calls[2].inputs)).toEqual(['f']);
    calls[2].finish();
    await Promise.all(cards);
  });

  it('never puts the same customer twice in one statement', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 1);
    const cards = [batcher.enroll(enrollment('first')), batcher.enroll(enrollment('twin')), batcher.enroll(enrollment({ source_id: 'twin' })), batcher.enroll(enrollment('other'))];
    calls[0].finish();
    await settle();
    expect(names(calls[1].inputs)).toEqual(['twin', 'other']);
    calls[1].finish();
    await settle();
    expect(names(calls[2].inputs)).toEqual(['twin']);
    calls[2].finish();
    await Promise.all(cards);
  });

  it('runs each enrollment of a failed statement again alone, so only the one at fault fails', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 1);
    const first = batcher.enroll(enrollment('first'));
    const together = ['ok', 'joined'].map((name) => batcher.enroll(enrollment(name)));
    calls[0].finish();
    await settle();
    calls[1].finish(new Error('publications_join_once_uq'));
    await settle();
    expect(calls.slice(2).map((c) => names(c.inputs))).toEqual([['ok'], ['joined']]);
    calls[2].finish();
    calls[3].finish(new Error('publications_join_once_uq'));
    await expect(first).resolves.toEqual({ id: 'v_first' });
    await expect(together[0]).resolves.toEqual({ id: 'v_ok' });
    await expect(together[1]).rejects.toThrow('publications_join_once_uq');
  });

  it('answers undefined to every enrollment of a statement that did not apply, and to customers named by id without a statement', async () => {
    const { calls, run } = statements();
    const batcher = new EnrollmentBatcher(run, 1);
    expect(await batcher.enroll(enrollment('cust_known'))).toBeUndefined();
    expect(await batcher.enroll(enrollment({ id: 'cust_known' }))).toBeUndefined();
    expect(calls).toHaveLength(0);
    const cards = ['a', 'b', 'c'].map((name) => batcher.enroll(enrollment(name)));
    calls[0].finish();
    await settle();
    calls[1].finish('nothing');
    expect(await Promise.all(cards)).toEqual([{ id: 'v_a' }, undefined, undefined]);
    expect(calls).toHaveLength(2);
  });
});
