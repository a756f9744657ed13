import { describe, it, expect } from 'vitest';
import { MAX_IDS, idList } from '../../server/records/ids';

describe('idList: the one parser of id lists (paths, multiple mode, bulk services)', () => {
  it('takes an array, its JSON text or one id, and keeps each id once in its first order', () => {
    expect(idList([3, 1, 3, '2'])).toEqual([3, 1, 2]);
    expect(idList('[5,4,5]')).toEqual([5, 4]);
    expect(idList('7')).toEqual([7]);
    expect(idList(9)).toEqual([9]);
    expect(idList([2147483647])).toEqual([2147483647]);
  });
  it("an empty list is 'empty', not an error of its items", () => {
    expect(idList([])).toBe('empty');
    expect(idList('[]')).toBe('empty');
  });
  it('refuses what is not an id: text, booleans, fractions, 0, negatives, beyond 32 bits, null, objects, bad JSON', () => {
    for (const bad of [
      ['a'],
      [true],
      'true',
      [1.5],
      [0],
      [-3],
      [2147483648],
      [null],
      [{ id: 1 }],
      '[1,',
      'abc',
      null,
      undefined,
      ['1e3'],
      [' 4'],
    ]) {
      expect(idList(bad), JSON.stringify(bad)).toBeNull();
    }
  });
  it(`refuses more than ${MAX_IDS} ids`, () => {
    expect(idList(Array.from({ length: MAX_IDS }, (_, i) => i + 1))).toHaveLength(MAX_IDS);
    expect(idList(Array.from({ length: MAX_IDS + 1 }, (_, i) => i + 1))).toBeNull();
  });
});
