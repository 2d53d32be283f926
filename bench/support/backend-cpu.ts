import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** CPU time of a process so far, µs, from /proc/<pid>/stat; undefined when it is gone or not on this host. */
export async function processCpu(pid: number): Promise<number | undefined> {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (USER_HZ, 100 on Linux).
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** CPU time of the database's client backends so far, µs by pid, from /proc (the server runs on this host). */
export async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'");
  const micros = new Map<number, number>();
  for (const { pid } of rows) {
    const cpu = await processCpu(pid);
    if (cpu !== undefined) micros.set(pid, cpu);
  }
  return micros;
}

/** CPU µs the backends spent between two readings (a backend new in the second counts from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, micros] of after) sum += micros - (before.get(pid) ?? 0);
  return sum;
}
