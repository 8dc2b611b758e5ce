import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE, heroSrc, webpSrcset } from './images.ts';

describe('images', () => {
  it('lists the WebP variants of our own JPEGs', () => {
    expect(webpSrcset('/images/cities/kyoto.jpg')).toBe(
      '/images/cities/kyoto-640.webp 640w, /images/cities/kyoto-1024.webp 1024w, /images/cities/kyoto-1600.webp 1600w',
    );
    expect(webpSrcset('/uploads/3f9a0c.jpg')).toBe(
      '/uploads/3f9a0c-640.webp 640w, /uploads/3f9a0c-1024.webp 1024w, /uploads/3f9a0c-1600.webp 1600w',
    );
  });

  it('has no variants for external or unusual sources', () => {
    expect(webpSrcset('https://example.com/a.jpg')).toBeUndefined();
    expect(webpSrcset('/images/a.png')).toBeUndefined();
    expect(webpSrcset('//evil.example/images/a.jpg')).toBeUndefined();
    expect(webpSrcset('/images/../secret.jpg')).toBeUndefined();
  });

  it('falls back when there is no image', () => {
    expect(heroSrc(null)).toBe(FALLBACK_IMAGE);
    expect(heroSrc('  ')).toBe(FALLBACK_IMAGE);
    expect(heroSrc('/images/cities/oahu.jpg')).toBe('/images/cities/oahu.jpg');
  });
});
