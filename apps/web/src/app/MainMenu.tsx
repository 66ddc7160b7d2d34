import { NavLink, ScrollArea } from '@mantine/core';
import { memo, startTransition, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { whenIdle } from '../platform/when-idle.ts';
import { MenuEntry } from './MenuEntry.tsx';
import type { MenuGroup } from './menu.ts';

/**
 * The left menu's links. Some fifty menu links are the largest part of the signed-in frame, and the page comes
 * first: they render once the shell and the page are on screen and the browser is idle, in a pass
 * React splits into short slices (on a phone the menu starts closed anyway). Memoized on the groups, so the shell's
 * other updates (user, branding) do not render them again.
 */
export const MainMenu = memo(function MainMenu({ groups }: { groups: MenuGroup[] }) {
  const [isShown, setShown] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setShown(true))), []);
  const { pathname } = useLocation();
  if (!isShown) return null;
  return (
    <ScrollArea>
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
    </ScrollArea>
  );
});
