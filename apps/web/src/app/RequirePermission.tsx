import type { PermissionKey } from '@duka/shared';
import type { ReactNode } from 'react';
import { usePermissions } from '../api/permissions.ts';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { PageLoader } from '../components/PageLoader.tsx';

/** Shows the page only to a user holding the key; the server refuses the calls anyway. */
export function RequirePermission({ permission, children }: { permission: PermissionKey; children: ReactNode }) {
  const { can, isLoading } = usePermissions();
  if (isLoading) return <PageLoader />;
  return can(permission) ? children : <AccessDenied />;
}
