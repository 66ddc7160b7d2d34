import { PERMISSION_KEYS, type PermissionKey } from '@duka/shared';
import { useAccess } from '../api/auth.ts';

const ALL_KEYS = [...PERMISSION_KEYS];

/** The signed-in user's keys (one request for all of them, cached); `can(key)` is false until they load. */
export function usePermissions() {
  const access = useAccess(ALL_KEYS);
  return {
    can: (key: PermissionKey | undefined) => !key || Boolean(access.data?.has(key)),
    isLoading: access.isPending,
  };
}
