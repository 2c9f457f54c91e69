import { describe, expect, it } from 'vitest';
import { withoutGroup, withToast } from './toast-queue';

const t = (id: number, group?: string) => ({ id, group });

describe('toast queue', () => {
  it('queues toasts without a group in order', () => {
    expect(withToast([t(1), t(2)], t(3))).toEqual([t(1), t(2), t(3)]);
  });

  it("replaces the group's toast in place, on screen or waiting, instead of queueing a second one", () => {
    expect(withToast([t(1, 'form'), t(2)], t(3, 'form'))).toEqual([t(3, 'form'), t(2)]);
    expect(withToast([t(1), t(2, 'form')], t(3, 'form'))).toEqual([t(1), t(3, 'form')]);
  });

  it('keeps at most one toast of a group', () => {
    const queue = [t(1), t(2, 'form'), t(3), t(4, 'form')];
    expect(withToast(queue, t(5, 'form'))).toEqual([t(1), t(5, 'form'), t(3)]);
  });

  it('a new group goes last', () => {
    expect(withToast([t(1, 'a')], t(2, 'b'))).toEqual([t(1, 'a'), t(2, 'b')]);
  });

  it("drops a group's toasts, the one on screen included, and nothing else", () => {
    expect(withoutGroup([t(1, 'form'), t(2), t(3, 'form'), t(4, 'other')], 'form')).toEqual([t(2), t(4, 'other')]);
  });
});
