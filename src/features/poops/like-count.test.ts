import { describe, expect, it } from 'vitest';
import { toggledLike } from './like-count';

describe('toggledLike', () => {
  it('likes and unlikes, keeping the other fields', () => {
    const liked = toggledLike({ id: 'a', likes: 2, likedByMe: false });
    expect(liked).toEqual({ id: 'a', likes: 3, likedByMe: true });
    expect(toggledLike(liked)).toEqual({ id: 'a', likes: 2, likedByMe: false });
  });

  it('never counts below zero', () => {
    expect(toggledLike({ likes: 0, likedByMe: true })).toEqual({ likes: 0, likedByMe: false });
  });
});
