import type PgBoss from 'pg-boss';
import type { Database } from '../../platform/db/client';
import { createBoss } from './boss';

/** A queue as the code declares it; pg-boss keeps it in its own tables. */
export interface QueueDefinition {
  name: string;
  options: Omit<PgBoss.Queue, 'name'>;
  /** Where jobs go once their retries are spent; created before the queue that names it. */
  deadLetter?: QueueDefinition;
}

/** Per database: the sender, and the queues it has made sure of. Forgotten on failure, so a later call retries. */
const senders = new WeakMap<Database, { boss: Promise<PgBoss>; queues: Map<string, Promise<void>> }>();

function forgetOnFailure<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

/** Creates the queue (and its dead-letter queue) if it does not exist yet. */
export async function ensureQueue(boss: PgBoss, queue: QueueDefinition): Promise<void> {
  if (queue.deadLetter) await ensureQueue(boss, queue.deadLetter);
  await boss.createQueue(queue.name, { name: queue.name, ...queue.options });
}

/**
 * The process's pg-boss for sending jobs to `queue` on `database`, with the pg-boss tables and the
 * queue in place. It runs no workers and no maintenance, so an API process without workers can
 * still schedule jobs. Await it before opening the transaction the job is sent in: on PGlite,
 * installing pg-boss inside that transaction would wait for the transaction itself.
 */
export async function jobSender(database: Database, queue: QueueDefinition): Promise<PgBoss> {
  let sender = senders.get(database);
  if (!sender) {
    const boss = createBoss(database, { supervise: false, schedule: false, migrate: true }).start();
    sender = { boss: forgetOnFailure(boss, () => senders.delete(database)), queues: new Map() };
    senders.set(database, sender);
  }
  const boss = await sender.boss;
  const { queues } = sender;
  if (!queues.has(queue.name)) queues.set(queue.name, forgetOnFailure(ensureQueue(boss, queue), () => queues.delete(queue.name)));
  await queues.get(queue.name);
  return boss;
}
