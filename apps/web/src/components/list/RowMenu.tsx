import type { PermissionKey } from '@duka/shared';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';

export interface RowAction {
  label: string;
  /** Undefined: always shown. */
  permission?: PermissionKey;
  to?: string;
  onClick?: () => void;
  color?: string;
}

/** A row's Actions menu, showing only what the user may do. */
export function RowMenu({ actions }: { actions: RowAction[] }) {
  const { can } = usePermissions();
  const allowed = actions.filter((a) => can(a.permission));
  if (allowed.length === 0) {
    return (
      <Button size="xs" variant="default" disabled>
        Disabled
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light">
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {allowed.map((a) =>
          a.to ? (
            <Menu.Item key={a.label} component={Link} to={a.to} color={a.color}>
              {a.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={a.label} onClick={a.onClick} color={a.color}>
              {a.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
