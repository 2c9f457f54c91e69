import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../core/poop-api';
import { addCommentPage, addMyComment, EMPTY_COMMENTS, hasComment, removeComment, updateComment } from './comment-list';

const comment = (id: string, text = id): Comment => ({
  id,
  poopId: 'p',
  uid: 'u',
  username: 'ann',
  userPhotoURL: '',
  text,
  created: '2026-01-01T00:00:00.000Z',
  likes: 0,
  likedByMe: false,
});
const ids = (comments: readonly Comment[]) => comments.map((c) => c.id);

describe('comment list', () => {
  it('loads pages oldest first without showing a comment twice', () => {
    let list = addCommentPage(EMPTY_COMMENTS, { comments: [comment('a'), comment('b')], nextCursor: 'c1' }, true);
    list = addCommentPage(list, { comments: [comment('b'), comment('c')], nextCursor: null }, false);
    expect(ids(list.items)).toEqual(['a', 'b', 'c']);
    expect(list.nextCursor).toBeNull();
  });

  it('keeps my new comment after the unloaded pages until they arrive', () => {
    let list = addCommentPage(EMPTY_COMMENTS, { comments: [comment('a')], nextCursor: 'c1' }, true);
    list = addMyComment(list, comment('mine'));
    expect(ids(list.items)).toEqual(['a']);
    expect(ids(list.mine)).toEqual(['mine']);
    list = addCommentPage(list, { comments: [comment('b')], nextCursor: 'c2' }, false);
    expect(ids(list.mine)).toEqual(['mine']);
    list = addCommentPage(list, { comments: [comment('c'), comment('mine')], nextCursor: null }, false);
    expect(ids(list.items)).toEqual(['a', 'b', 'c', 'mine']);
    expect(list.mine).toEqual([]);
  });

  it('appends my comment at once when everything is loaded, and only once', () => {
    let list = addCommentPage(EMPTY_COMMENTS, { comments: [comment('a')], nextCursor: null }, true);
    list = addMyComment(list, comment('mine'));
    list = addMyComment(list, comment('mine'));
    expect(ids(list.items)).toEqual(['a', 'mine']);
    expect(hasComment(list, 'mine')).toBe(true);
  });

  it('a first page replaces what was there (a reload)', () => {
    const list = addCommentPage({ items: [comment('old')], mine: [], nextCursor: null }, { comments: [comment('a')], nextCursor: null }, true);
    expect(ids(list.items)).toEqual(['a']);
  });

  it('updates and removes by id in both parts', () => {
    let list = addMyComment(addCommentPage(EMPTY_COMMENTS, { comments: [comment('a')], nextCursor: 'c' }, true), comment('m'));
    list = updateComment(list, 'm', (c) => ({ ...c, likes: 2 }));
    expect(list.mine[0]?.likes).toBe(2);
    list = removeComment(removeComment(list, 'm'), 'a');
    expect(list.items).toEqual([]);
    expect(list.mine).toEqual([]);
  });
});
