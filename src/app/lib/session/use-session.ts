import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { roleMay, type StaffAction, type StaffSession } from '../../../contract/staff-session';
import { sessionEndedEvent } from './csrf';
import { demoSignIn, getSession, signIn, signOut } from './session-api';

export const sessionKeys = { current: ['auth', 'session'] as const };

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: getSession,
  staleTime: 5 * 60_000,
  retry: 1,
});

/** The signed-in staff user (or not), refreshed when the proxy reports the session ended. */
export function useSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
    window.addEventListener(sessionEndedEvent, refresh);
    return () => window.removeEventListener(sessionEndedEvent, refresh);
  }, [queryClient]);
  return useQuery(sessionQueryOptions);
}

/** Whether the signed-in role may do `action` (the proxy enforces the same table). */
export function useCan(action: StaffAction): boolean {
  const { data } = useQuery(sessionQueryOptions);
  return data?.authenticated === true && roleMay(data.user.role, action);
}

function useSessionMutation<V>(run: (variables: V) => Promise<StaffSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (session) => {
      // Another user's data must not linger in the cache.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
      queryClient.setQueryData(sessionKeys.current, session);
    },
  });
}

export const useSignIn = () => useSessionMutation(signIn);
export const useDemoSignIn = () => useSessionMutation(demoSignIn);
export const useSignOut = () => useSessionMutation(signOut);
