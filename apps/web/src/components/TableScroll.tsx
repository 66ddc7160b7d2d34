import { Table, type TableScrollContainerProps } from '@mantine/core';
import classes from './TableScroll.module.css';

/**
 * A wide table's sideways scroll. On a phone a report's table is wider than the screen and holds nothing a keyboard
 * can reach, so its scrolling part is itself a Tab stop (then the arrow keys move it) and a named region, which a
 * screen reader announces as "<label>, region".
 */
export function TableScroll({ label, ...props }: TableScrollContainerProps & { label: string }) {
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{
        classNames: { viewport: classes.viewport },
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
      }}
    />
  );
}
