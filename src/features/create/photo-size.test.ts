import { describe, expect, it } from 'vitest';
import { PHOTO_DISPLAY_MAX_SIDE } from '../../../core/constants';
import { fitWithin, formatBytes, photoFileName } from './photo-size';

describe('fitWithin', () => {
  it('brings a 12 MP phone photo down to the longest side, keeping the ratio', () => {
    expect(fitWithin(4032, 3024, PHOTO_DISPLAY_MAX_SIDE)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, PHOTO_DISPLAY_MAX_SIDE)).toEqual({ width: 1536, height: 2048 });
  });

  it('never upscales', () => {
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2048, 2048, 2048)).toEqual({ width: 2048, height: 2048 });
  });

  it('rounds to whole pixels and keeps at least one', () => {
    expect(fitWithin(3000, 1001, 2048)).toEqual({ width: 2048, height: 683 });
    expect(fitWithin(100_000, 10, 2048)).toEqual({ width: 2048, height: 1 });
  });

  it.each([
    [0, 10, 10],
    [10, -1, 10],
    [10, 10, 0],
    [Number.NaN, 10, 10],
  ])('refuses %s x %s within %s', (width, height, max) => {
    expect(() => fitWithin(width, height, max)).toThrow(RangeError);
  });
});

describe('photoFileName', () => {
  it('names the upload after its encoding', () => {
    expect(photoFileName('image/webp')).toBe('photo.webp');
    expect(photoFileName('image/jpeg')).toBe('photo.jpg');
    expect(photoFileName('image/heic')).toBe('photo.bin');
  });
});

describe('formatBytes', () => {
  it('reads in KB under a megabyte and in MB above', () => {
    expect(formatBytes(300, 'en')).toBe('1 KB');
    expect(formatBytes(840 * 1024, 'en')).toBe('840 KB');
    expect(formatBytes(1.44 * 1024 * 1024, 'en')).toBe('1.4 MB');
  });

  it('writes the number as Italian does, with a decimal comma', () => {
    expect(formatBytes(1.44 * 1024 * 1024, 'it')).toBe('1,4 MB');
    expect(formatBytes(840 * 1024, 'it')).toBe('840 KB');
  });
});
