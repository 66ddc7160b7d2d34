import { PERMISSION_KEYS, type PermissionKey } from '@duka/shared';
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
  return { can, isLoading: access.isPending };
}
