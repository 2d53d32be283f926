import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffDirectoryEntry } from '../../contract/staff-session';
import { getStaffDirectory } from '../lib/session/session-api';

/**
 * GET /auth/staff (the proxy's): staff id → username and role, so pages name people, not ids (the
 * Exports page's "Started by", the member history's "by sam (support)"). One key: every page
 * shares the cache.
 */
export function staffDirectoryQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'staff'] as const,
    queryFn: getStaffDirectory,
    select: (directory): ReadonlyMap<string, StaffDirectoryEntry> => new Map(directory.users.map((user) => [user.id, user])),
    // Accounts are added by an administrator on the command line, rarely.
    staleTime: 5 * 60_000,
  });
}

export function useStaffDirectory() {
  return useQuery(staffDirectoryQueryOptions());
}
