/**
 * A kept table read: read once while the table's version holds, again after a write moved it
 * or once it is older than its time to live; a read that raced with a write is answered but not
 * kept; the rows are frozen (every caller shares them).
 */
import { describe, expect, it } from 'vitest';
import { TableSnapshot } from '../../src/server/db/table-snapshot.js';

describe('TableSnapshot', () => {
  it('reads again only after a write or when too old, keeps no raced read, shares frozen rows', async () => {
    let version = 1;
    let reads = 0;
    let bumpWhileReading = false;
    const snap = new TableSnapshot<{ id: string; name: string }>('t', () => version, async () => {
      reads++;
      if (bumpWhileReading) version++;
      return [{ id: '1', name: `v${version}` }];
    }, 1000);

    const a = await snap.rows(0);
    const b = await snap.rows(500);
    expect(reads).toBe(1);
    expect(b).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[0])).toBe(true);
    expect(() => { (a[0] as { name: string }).name = 'x'; }).toThrow();

    version++; // a write
    expect((await snap.rows(600))[0]!.name).toBe('v2');
    expect(reads).toBe(2);
    await snap.rows(1599);
    expect(reads).toBe(2);
    await snap.rows(1600); // a second after the read at 600
    expect(reads).toBe(3);

    bumpWhileReading = true;
    version++;
    expect((await snap.rows(1700))[0]!.name).toBe('v4'); // answered
    bumpWhileReading = false;
    await snap.rows(1701);
    expect(reads).toBe(5); // not kept: read again
    await snap.rows(1702);
    expect(reads).toBe(5);
  });
});
