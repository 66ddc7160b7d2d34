import { Group, Kbd, Text } from '@mantine/core';

const KEYS: [keys: string[], meaning: string][] = [
  [['Enter'], 'add the item'],
  [['+', '−'], 'last line quantity'],
  [['F9'], 'take payment'],
  [['Ctrl', 'Enter'], 'take payment'],
  [['Esc'], 'close a dialog'],
];

/** The short list of the till's keys, always in view under the search box. */
export function KeyHelp() {
  return (
    <Group gap="sm" component="ul" aria-label="Keyboard keys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {KEYS.map(([keys, meaning]) => (
        <Text component="li" size="xs" c="dark.4" key={`${keys.join('+')}-${meaning}`}>
          {keys.map((k, i) => (
            <span key={k}>
              {i > 0 && (keys[0] === 'Ctrl' ? '+' : ' / ')}
              <Kbd size="xs">{k}</Kbd>
            </span>
          ))}{' '}
          {meaning}
        </Text>
      ))}
    </Group>
  );
}
