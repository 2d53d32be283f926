import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { plainRows, tableRows } from '../plain-sql';
import { customers, segments } from '../../../platform/db/schema';

export type SegmentRow = typeof segments.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function insertSegment(db: DbOrTx, row: typeof segments.$inferInsert): Promise<SegmentRow> {
  const [inserted] = await db.insert(segments).values(row).returning();
  return inserted;
}

export async function findSegment(db: DbOrTx, projectId: string, id: string): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(and(eq(segments.projectId, projectId), eq(segments.id, id))).limit(1);
  return row;
}

/**
 * A passive segment becomes auto-update (active) when an earning rule uses it (CSEG), so entering
 * it is recorded and earns. Its membership is already current: passive segments are kept so.
 */
export async function activatePassiveSegment(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(segments).set({ type: 'auto-update', updatedAt: now }).where(and(eq(segments.id, id), eq(segments.type, 'passive')));
}

/**
 * Serialises segment creation per project, so two requests cannot both see 99 filter segments.
 * FOR NO KEY UPDATE, not FOR UPDATE: it still conflicts with itself, but not with the KEY SHARE
 * locks that foreign keys take, so inserts of customers, events, … in the project never wait on it.
 */
export async function lockProjectForSegments(db: DbOrTx, projectId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`);
}

/** Auto-update and passive segments of the project (SERVICE_SPEC §8 caps them together). */
const segmentRows = tableRows(segments);

/** The project's filter segments, oldest first (plain SQL: every customer change reads them). */
export async function filterSegmentsOf(db: DbOrTx, projectId: string): Promise<SegmentRow[]> {
  const rows = await plainRows(db, `SELECT ${segmentRows.columns()} FROM segments WHERE project_id = $1 AND type IN ('auto-update', 'passive') ORDER BY created_at, id`, [projectId]);
  return rows.map((row) => segmentRows.row(row));
}

export async function countFilterSegments(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(segments)
    .where(and(eq(segments.projectId, projectId), inArray(segments.type, ['auto-update', 'passive'])));
  return row.n;
}

/**
 * Adds the given customers to a static segment in one statement: the ids travel as one array
 * parameter and are joined against the project's customers, so unknown ids are simply not
 * inserted. Returns how many rows went in; fewer than the distinct ids means some are unknown.
 */
export async function insertStaticMembers(db: DbOrTx, projectId: string, segmentId: string, customerIds: string[]): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`WITH added AS (
      INSERT INTO segment_members (segment_id, customer_id, project_id)
      SELECT ${segmentId}, c.id, c.project_id
      FROM (SELECT DISTINCT id FROM unnest(${sql.param(customerIds)}::text[]) AS given(id)) AS given
      JOIN customers c ON c.project_id = ${projectId} AND c.id = given.id
      RETURNING 1)
    SELECT count(*)::int AS n FROM added`,
  );
  return row.n;
}

/** The ids (in request order, distinct) that are not customers of the project: the first 10 and how many. */
export async function unknownCustomerIds(db: DbOrTx, projectId: string, customerIds: string[]): Promise<{ sample: string[]; total: number }> {
  const rows = await rowsOf<{ id: string; total: number }>(
    db,
    sql`SELECT id, count(*) OVER ()::int AS total FROM (
      SELECT id, min(n) AS n FROM unnest(${sql.param(customerIds)}::text[]) WITH ORDINALITY AS given(id, n)
      WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.project_id = ${projectId} AND c.id = given.id AND c.deleted_at IS NULL)
      GROUP BY id) AS missing
    ORDER BY n LIMIT 10`,
  );
  return { sample: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

/** Fills a filter segment with every customer of the project the predicate matches, in one statement. */
export async function insertFilterMembers(db: DbOrTx, projectId: string, segmentId: string, predicate: SQL): Promise<void> {
  await db.execute(
    sql`INSERT INTO segment_members (segment_id, customer_id, project_id)
        SELECT ${segmentId}, c.id, c.project_id FROM customers c WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL AND COALESCE(${predicate}, false)`,
  );
}

export async function countFilterMatches(db: DbOrTx, projectId: string, predicate: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM customers c WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL AND COALESCE(${predicate}, false)`);
  return row.n;
}

export type MembershipChange = { change: 'entered' | 'left'; segmentId: string };

/**
 * Re-evaluates one customer against many filter segments in one statement: each segment's
 * predicate is computed for that customer, missing memberships are inserted and stale ones
 * deleted. Returns what changed. ON CONFLICT / DELETE … RETURNING make a concurrent refresh of
 * the same customer report each change once.
 */
export async function syncCustomerMemberships(
  db: DbOrTx,
  projectId: string,
  customerId: string,
  predicates: { segmentId: string; predicate: SQL }[],
): Promise<MembershipChange[]> {
  if (!predicates.length) return [];
  const rows = sql.join(
    predicates.map((p) => sql`(${p.segmentId}::text, COALESCE(${p.predicate}, false))`),
    sql`, `,
  );
  return rowsOf<MembershipChange>(
    db,
    sql`WITH desired AS (
      SELECT d.segment_id, d.inside FROM customers c
      CROSS JOIN LATERAL (VALUES ${rows}) AS d(segment_id, inside)
      WHERE c.project_id = ${projectId} AND c.id = ${customerId} AND c.deleted_at IS NULL),
    entered AS (
      INSERT INTO segment_members (segment_id, customer_id, project_id)
      SELECT segment_id, ${customerId}, ${projectId} FROM desired WHERE inside
      ON CONFLICT DO NOTHING RETURNING segment_id),
    removed AS (
      DELETE FROM segment_members m USING desired d
      WHERE m.segment_id = d.segment_id AND m.customer_id = ${customerId} AND NOT d.inside
      RETURNING m.segment_id)
    SELECT 'entered' AS change, segment_id AS "segmentId" FROM entered
    UNION ALL SELECT 'left', segment_id FROM removed`,
  );
}


/**
 * The segment, locked so its deletion (`update`) and a rule that starts naming it (`share`) cannot
 * cross. Neither conflicts with memberships being written (their foreign key's KEY SHARE) except
 * the deletion itself.
 */
export async function lockSegment(db: DbOrTx, projectId: string, id: string, strength: 'update' | 'share'): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(and(eq(segments.projectId, projectId), eq(segments.id, id))).limit(1).for(strength);
  return row;
}

/** Earning rules (not deleted) that name the segment, in their trigger or their conditions. */
export async function rulesNamingSegment(db: DbOrTx, projectId: string, segmentId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM earning_rules WHERE project_id = ${projectId} AND status <> 'DELETED'
      AND (trigger::text LIKE ${`%"${segmentId}"%`} OR earnings::text LIKE ${`%"${segmentId}"%`}) ORDER BY created_at, id`,
  );
  return rows.map((r) => r.id);
}

/** Deletes the segment and its memberships. */
export async function deleteSegmentRow(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM segment_members WHERE segment_id = ${id}`);
  await db.delete(segments).where(eq(segments.id, id));
}

/** One page of the project's segments, newest first, with their sizes, and how many there are. */
export async function listSegmentsWithSizes(db: DbOrTx, projectId: string, limit: number, offset: number): Promise<{ rows: (SegmentRow & { size: number })[]; total: number }> {
  const size = sql<number>`(SELECT count(*)::int FROM segment_members m WHERE m.segment_id = ${segments.id})`;
  const rows = await db
    .select({ segment: segments, size })
    .from(segments)
    .where(eq(segments.projectId, projectId))
    .orderBy(sql`${segments.createdAt} DESC`, sql`${segments.id} DESC`)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(segments).where(eq(segments.projectId, projectId));
  return { rows: rows.map((row) => ({ ...row.segment, size: Number(row.size) })), total };
}

/**
 * The customer each reference names, in one statement: `cust_…` is a customer id, anything else a
 * source id (the rule Add Member and events follow); null for a reference that names no customer.
 * Distinct references in request order.
 */
export async function resolveCustomerReferences(db: DbOrTx, projectId: string, references: string[]): Promise<{ reference: string; id: string | null }[]> {
  return rowsOf<{ reference: string; id: string | null }>(
    db,
    sql`SELECT given.reference, CASE WHEN given.reference LIKE 'cust\\_%' THEN by_id.id ELSE by_source.id END AS id
        FROM (SELECT reference, min(n) AS n FROM unnest(${sql.param(references)}::text[]) WITH ORDINALITY AS r(reference, n) GROUP BY reference) AS given
        LEFT JOIN customers by_id ON by_id.project_id = ${projectId} AND by_id.id = given.reference AND by_id.deleted_at IS NULL
        LEFT JOIN customers by_source ON by_source.project_id = ${projectId} AND by_source.source_id = given.reference
        ORDER BY given.n`,
  );
}
