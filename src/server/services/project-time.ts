import type { ServiceContext } from '../context';
import { listClockOffsets } from '../db/repositories/project-clocks';
import { exportFiles } from '../storage/export-files';
import { backgroundRest, expireDuePoints, type ExpiryRun } from './expire-points';
import { removeExpiredFiles } from './export-file-cleanup';
import { activateDuePendingPoints } from './pending-points';
import { catchUpDueTiers } from './member-tiers';

/**
 * Runs `work` for each project whose clock runs ahead of real time (moved through a process with
 * LOCAL_CONTROL=on; this one's LOCAL_CONTROL does not matter), in that project's time. The hourly jobs call it after their real-time run: a clock only ever runs
 * ahead, so the real-time run never takes anything early, and this one takes what is due by the
 * project's own time.
 */
export async function forEachProjectAhead(ctx: ServiceContext, work: (projectId: string, now: Date) => Promise<unknown>): Promise<void> {
  for (const { projectId, offsetMs } of await listClockOffsets(ctx.db)) {
    await ctx.clock.runAs(projectId, offsetMs, () => work(projectId, ctx.clock.now()));
  }
}

/**
 * The hourly points run: pending points whose day has come are activated, then points whose last
 * day is over expire; every project by real time, then each project ahead by its own.
 */
export async function expirePointsEverywhere(ctx: ServiceContext): Promise<ExpiryRun> {
  await activateDuePendingPoints(ctx, ctx.clock.realNow());
  const run = await expireDuePoints(ctx, ctx.clock.realNow(), undefined, undefined, backgroundRest);
  await forEachProjectAhead(ctx, async (projectId, now) => {
    await activateDuePendingPoints(ctx, now, projectId);
    const more = await expireDuePoints(ctx, now, undefined, projectId, backgroundRest);
    run.cards += more.cards;
    run.points += more.points;
    run.transactions += more.transactions;
  });
  // Tiers last: the points that just expired or activated move them too.
  await catchUpDueTiers(ctx, ctx.clock.realNow());
  await forEachProjectAhead(ctx, (projectId, now) => catchUpDueTiers(ctx, now, projectId));
  return run;
}

/**
 * What falls due when a project's clock moves, done at once in the project's time (call inside
 * its scope): pending points whose day has come activate and the points whose last day is over
 * expire, as the hourly run would, and the files of export links that expired go, as the hourly
 * cleanup would.
 */
export async function catchUpProjectTime(ctx: ServiceContext, projectId: string): Promise<{ points: ExpiryRun; exportFiles: number }> {
  const now = ctx.clock.now();
  await activateDuePendingPoints(ctx, now, projectId);
  const points = await expireDuePoints(ctx, now, undefined, projectId);
  const files = await removeExpiredFiles(ctx, exportFiles(ctx.config), now, ctx.clock.realNow(), projectId);
  await catchUpDueTiers(ctx, now, projectId);
  return { points, exportFiles: files };
}
