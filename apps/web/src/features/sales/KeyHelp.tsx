import { Fragment } from 'react';
import classes from './KeyHelp.module.css';

/** Each entry: the combinations that do it (a combination's keys pressed together), and what they do. */
const KEYS: [combos: string[][], meaning: string][] = [
  [[['Enter']], 'add the item'],
  [[['+'], ['−']], 'last line quantity'],
  // The line the focus is in, else the last line.
  [[['Alt', 'U']], 'line unit'],
  [[['F9'], ['Ctrl', 'Enter']], 'take payment'],
  [[['Esc']], 'close a dialog'],
];

/**
 * The short list of the till's keys, always in view under the search box (one line on a laptop). Plain elements: as
 * Mantine's Group, Text and Kbd it was some 90 components of static text in the task that shows the till.
 */
export function KeyHelp() {
  return (
    <ul className={classes.keys} aria-label="Keyboard keys">
      {KEYS.map(([combos, meaning]) => (
        <li key={meaning}>
          {combos.map((keys, i) => (
            <Fragment key={keys.join('+')}>
              {i > 0 && ' / '}
              {keys.map((k, j) => (
                <Fragment key={k}>
                  {j > 0 && '+'}
                  <kbd className={classes.key}>{k}</kbd>
                </Fragment>
              ))}
            </Fragment>
          ))}{' '}
          {meaning}
        </li>
      ))}
    </ul>
  );
}
