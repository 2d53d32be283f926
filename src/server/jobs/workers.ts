import type { ServiceContext } from '../context';

export interface Workers {
  stop(): Promise<void>;
}

/** Starts the background job workers (pg-boss) on the service's database. */
export async function startWorkers(_ctx: ServiceContext): Promise<Workers> {
  return { stop: async () => undefined };
}
