/** Issue 27 item 4: the heap's limit is said clearly — a warning once when the heap passes 85 % of it, and once when it is back under 70 %. */
import { describe, expect, it } from 'vitest';
import { lookAtHeap } from '../../server/memoryWatch';

const MB = 1024 * 1024;
const logOf = () => {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  return {
    lines,
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
  };
};
const heap = (usedMb: number) => ({ used_heap_size: usedMb * MB, heap_size_limit: 1000 * MB });

describe('memory watch', () => {
  it('warns once above 85 %, with the figures, then once when the heap is back under 70 %', () => {
    const log = logOf();
    let high = false;
    for (const used of [500, 840, 860, 900, 990, 750, 690, 650, 870]) high = lookAtHeap(log, high, heap(used));
    expect(log.lines).toEqual([
      {
        level: 'warn',
        obj: { heapUsedMb: 860, heapLimitMb: 1000 },
        msg: expect.stringMatching(/^memory: the heap is at 86 % of its limit \(node --max-old-space-size\)/),
      },
      { level: 'info', obj: { heapUsedMb: 690 }, msg: 'memory: the heap is back under 70 % of its limit' },
      { level: 'warn', obj: { heapUsedMb: 870, heapLimitMb: 1000 }, msg: expect.stringContaining('87 %') },
    ]);
    expect(high).toBe(true);
  });
});
