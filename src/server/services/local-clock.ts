import { maxClockOffsetSeconds, type LocalClock, type MoveLocalClock } from '../../contract/local-clock';
import type { ServiceContext } from '../context';
import { lockProject } from '../db/repositories/oauth-tokens';
import { deleteClockOffset, findClockOffset, saveClockOffset } from '../db/repositories/project-clocks';
import { invalidPayloadAt } from '../lib/api-error';
import { catchUpProjectTime } from './project-time';

function present(realNow: Date, offsetMs: number): LocalClock {
  return { now: new Date(realNow.getTime() + offsetMs).toISOString(), offset_seconds: offsetMs / 1000 };
}

/** GET /_local/clock */
export async function readProjectClock(ctx: ServiceContext, projectId: string): Promise<LocalClock> {
  return present(ctx.clock.realNow(), await ctx.clock.offsetOf(projectId));
}

/**
 * POST /_local/clock: moves the project's time forward (it never runs backwards: what expired
 * stays expired), then does at once what falls due by the new time, as the hourly jobs would:
 * points expire with their POINTS_EXPIRATION transactions, and files of expired export links go.
 */
export async function moveProjectClock(ctx: ServiceContext, projectId: string, body: MoveLocalClock): Promise<LocalClock> {
  const real = ctx.clock.realNow();
  const offsetMs = await ctx.db.transaction(async (tx) => {
    // Two moves at once add up instead of one overwriting the other.
    await lockProject(tx, projectId);
    const current = real.getTime() + (await findClockOffset(tx, projectId));
    const target = body.now !== undefined ? Date.parse(body.now) : current + (body.advance_seconds as number) * 1000;
    if (target < current) {
      throw invalidPayloadAt(['now'], `${body.now} is before the project's time ${new Date(current).toISOString()}; the clock only moves forward (DELETE /_local/clock returns to real time)`);
    }
    const offset = target - real.getTime();
    if (offset > maxClockOffsetSeconds * 1000) {
      throw invalidPayloadAt([body.now !== undefined ? 'now' : 'advance_seconds'], `the project's clock may run at most ${maxClockOffsetSeconds} seconds ahead of real time`);
    }
    await saveClockOffset(tx, projectId, offset, real);
    return offset;
  });
  ctx.clock.forget(projectId);
  await ctx.clock.runAs(projectId, offsetMs, () => catchUpProjectTime(ctx, projectId));
  return present(real, offsetMs);
}

/** DELETE /_local/clock: the project keeps real time again; what was written meanwhile keeps its timestamps. */
export async function resetProjectClock(ctx: ServiceContext, projectId: string): Promise<LocalClock> {
  await deleteClockOffset(ctx.db, projectId);
  ctx.clock.forget(projectId);
  return present(ctx.clock.realNow(), 0);
}
