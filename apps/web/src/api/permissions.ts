import { type Endpoint, PERMISSION_KEYS, type PermissionKey } from '@duka/shared';
import { useCallback } from 'react';
import { accessQuery, useAccess } from './auth.ts';

const ALL_KEYS = [...PERMISSION_KEYS];

/** The question usePermissions asks, for asking it ahead of the first render (main.tsx). */
export const permissionsQuery = () => accessQuery(ALL_KEYS);

/** The signed-in user's keys (one request for all of them, cached); `can(key)` is false until they load. */
export function usePermissions() {
  const access = useAccess(ALL_KEYS);
  const held = access.data;
  // The same function while the keys stay the same, so what is derived from it (the menu) is derived once.
  const can = useCallback((key: PermissionKey | undefined) => !key || Boolean(held?.has(key)), [held]);
  /** Whether the user may call an endpoint, by the access its contract declares. */
  const canCall = useCallback(
    (endpoint: Endpoint) => {
      const { access } = endpoint;
      if (typeof access !== 'object') return true;
      return 'anyOf' in access ? access.anyOf.some((key) => can(key)) : can(access.permission);
    },
    [can],
  );
  return { can, canCall, isLoading: access.isPending };
}
