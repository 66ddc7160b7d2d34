import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from './menu.ts';

/** One entry of the left menu: a link, or a sub-group (Reports > Sales Reports) opened with its links. */
export function MenuEntry({ item }: { item: MenuItem }) {
  const { pathname } = useLocation();
  if (item.items) {
    return (
      <NavLink label={item.label} defaultOpened childrenOffset="md">
        {item.items.map((inner) => (
          <MenuEntry key={inner.path ?? inner.label} item={inner} />
        ))}
      </NavLink>
    );
  }
  const paths = [item.path ?? '', ...(item.also ?? [])];
  return (
    <NavLink
      component={Link}
      to={item.path ?? '/'}
      label={item.label}
      active={paths.some((path) => path && pathname.startsWith(path))}
    />
  );
}
