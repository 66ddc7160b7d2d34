import { describe, expect, it } from 'vitest';
import { turns } from './turns.ts';

describe('turns', () => {
  it('lets two hold a turn at once and gives a third the first turn ended, before any later caller', async () => {
    const exports = turns(2);
    const order: string[] = [];
    const hold = (name: string) => exports.take().then(() => order.push(name));
    await Promise.all([hold('first'), hold('second')]);
    const third = hold('third');
    const fourth = hold('fourth');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['first', 'second']);

    exports.end();
    await third;
    expect(order).toEqual(['first', 'second', 'third']);
    // A caller arriving now waits behind the fourth: the turns are all held.
    const fifth = hold('fifth');
    exports.end();
    await fourth;
    exports.end();
    await fifth;
    expect(order).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
  });

  it('is free again once every turn has ended', async () => {
    const exports = turns(1);
    await exports.take();
    exports.end();
    let took = false;
    await exports.take().then(() => {
      took = true;
    });
    expect(took).toBe(true);
  });
});
