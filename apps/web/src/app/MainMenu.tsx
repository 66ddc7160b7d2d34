import type { PermissionKey } from '@duka/shared';
import { Box, NavLink } from '@mantine/core';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { whenIdle } from '../platform/when-idle.ts';
import { MenuEntry } from './MenuEntry.tsx';

type Menu = typeof import('./menu.ts');
let menuModule: Promise<Menu> | undefined;
/**
 * The menu's entries come in a chunk of their own: the reports' entries are read off their declarations, which carry
 * every report's schemas, and the frame would otherwise fetch and build them before the first screen.
 */
const loadMenu = () => {
  menuModule ??= import('./menu.ts');
  return menuModule;
};

/**
 * The left menu's links, those whose key the user holds (`can`). Some fifty menu links are the largest part of the
 * signed-in frame, and the page comes first: they are fetched and render once the shell and the page are on screen
 * and the browser is idle, in a pass React splits into short slices. A phone's menu starts closed: the shell puts
 * this in the page the first time it opens.
 * Memoized on the keys, so the shell's other updates (user, branding) do not render them again.
 */
export const MainMenu = memo(function MainMenu({ can }: { can: (key: PermissionKey | undefined) => boolean }) {
  const [menu, setMenu] = useState<Menu>();
  useEffect(() => whenIdle(() => void loadMenu().then((loaded) => startTransition(() => setMenu(loaded)))), []);
  const groups = useMemo(() => menu?.visibleMenu(can), [menu, can]);
  const { pathname } = useLocation();
  if (!groups) return null;
  // A plain scrolling box: Mantine's ScrollArea set its viewport, scrollbars and their sizes in state as it mounted,
  // twelve synchronous renders in the task that shows the menu.
  return (
    <Box flex={1} mih={0} style={{ overflowY: 'auto' }}>
      {groups.map((group) =>
        group.items.length === 1 && group.items[0]?.label === group.label ? (
          <NavLink
            key={group.label}
            component={Link}
            to={group.items[0].path ?? '/'}
            label={group.label}
            active={pathname === group.items[0].path}
          />
        ) : (
          <NavLink key={group.label} label={group.label} defaultOpened childrenOffset="md">
            {group.items.map((item) => (
              <MenuEntry key={item.path ?? item.label} item={item} />
            ))}
          </NavLink>
        ),
      )}
    </Box>
  );
});
