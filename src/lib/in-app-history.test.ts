import { describe, expect, it } from 'vitest';
import { historyIndex, previousAppPath, recordHistoryEntry } from './in-app-history';

describe('in-app history', () => {
  it('knows the previous app screen only when this page recorded one', () => {
    recordHistoryEntry(10, '/');
    recordHistoryEntry(11, '/root/poop/abc');
    recordHistoryEntry(12, '/root/user/u1');
    expect(previousAppPath(12)).toBe('/root/poop/abc');
    // The landing before it is not an app screen: the arrow goes to the parent instead.
    expect(previousAppPath(11)).toBeUndefined();
    expect(previousAppPath(0)).toBeUndefined();
    expect(previousAppPath(40)).toBeUndefined();
  });

  it('reads the index from a history entry state', () => {
    expect(historyIndex({ __TSR_index: 3 })).toBe(3);
    expect(historyIndex(null)).toBe(0);
    expect(historyIndex({ __TSR_index: '3' })).toBe(0);
  });
});
