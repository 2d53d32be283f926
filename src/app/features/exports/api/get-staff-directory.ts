import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffDirectory } from '../../../lib/session/session-api';

/** GET /auth/staff (the proxy's): staff id → username, so "Started by" names people, not ids. */
export function staffDirectoryQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'staff'] as const,
    queryFn: getStaffDirectory,
    select: (directory) => new Map(directory.users.map((user) => [user.id, user.username])),
    // Accounts are added by an administrator on the command line, rarely.
    staleTime: 5 * 60_000,
  });
}

export function useStaffNames() {
  return useQuery(staffDirectoryQueryOptions());
}
