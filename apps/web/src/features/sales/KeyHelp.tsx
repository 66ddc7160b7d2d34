import { Group, Kbd, Text } from '@mantine/core';
import { Fragment } from 'react';

/** Each entry: the combinations that do it (a combination's keys pressed together), and what they do. */
const KEYS: [combos: string[][], meaning: string][] = [
  [[['Enter']], 'add the item'],
  [[['+'], ['−']], 'last line quantity'],
  // The line the focus is in, else the last line.
  [[['Alt', 'U']], 'line unit'],
  [[['F9'], ['Ctrl', 'Enter']], 'take payment'],
  [[['Esc']], 'close a dialog'],
];

/** The short list of the till's keys, always in view under the search box (one line on a laptop). */
export function KeyHelp() {
  return (
    <Group gap="sm" component="ul" aria-label="Keyboard keys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {KEYS.map(([combos, meaning]) => (
        <Text component="li" size="xs" c="dark.4" key={meaning}>
          {combos.map((keys, i) => (
            <Fragment key={keys.join('+')}>
              {i > 0 && ' / '}
              {keys.map((k, j) => (
                <Fragment key={k}>
                  {j > 0 && '+'}
                  <Kbd size="xs">{k}</Kbd>
                </Fragment>
              ))}
            </Fragment>
          ))}{' '}
          {meaning}
        </Text>
      ))}
    </Group>
  );
}
