import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../platform/db/schema';
import { keptByReset, projectStateTables } from '../../db/repositories/project-state';
import { recordTables, tablesLeftOut } from './tables';

const projectTables = Object.values(schema)
  .map((t) => {
    try {
      return getTableConfig(t as PgTable);
    } catch {
      return undefined;
    }
  })
  .filter((c) => c?.columns.some((column) => column.name === 'project_id'))
  .map((c) => c!.name)
  // A project's rows under another column: the project itself, and its rate counters (by key).
  .concat(['projects', 'rate_limit_counters'])
  .sort();

describe('the tables of a project', () => {
  it('are each in a snapshot or left out of it for a stated reason, never both', () => {
    const held = recordTables.map((t) => t.name);
    expect([...held, ...Object.keys(tablesLeftOut)].sort()).toEqual(projectTables);
  });

  it('are each deleted by a reset or kept by it on purpose', () => {
    expect([...projectStateTables, ...keptByReset].sort()).toEqual(projectTables);
  });

  it('load in reference order and name no secret column', () => {
    const webhooks = recordTables.find((t) => t.name === 'webhooks');
    expect(webhooks?.columns.map((c) => c.name)).not.toContain('secret');
    expect(recordTables.flatMap((t) => t.columns.map((c) => c.name))).not.toContain('project_id');
  });
});
