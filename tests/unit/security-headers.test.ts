import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/build/security-headers.mjs';

describe('the Content-Security-Policy', () => {
  it("allows images from the site, the picker's own previews, the tile origin and the photo storage origin only", () => {
    const policy = contentSecurityPolicy({
      tileOrigin: 'https://tile.openstreetmap.org',
      photoOrigin: 'https://abc.supabase.co',
    });
    expect(policy).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org https://abc.supabase.co;",
    );
    expect(policy).not.toMatch(/img-src[^;]*https:(\s|;)/);
  });

  it('names no photo origin when photos come from the site itself', () => {
    expect(contentSecurityPolicy({ tileOrigin: 'https://tiles.example', photoOrigin: null })).toContain(
      "img-src 'self' data: blob: https://tiles.example;",
    );
  });
});
