import { describe, expect, it } from 'vitest';
import { recogniseEmbed } from './embeds.ts';

describe('recogniseEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC'],
    [
      'https://open.spotify.com/intl-de/episode/4uLU6hMCjMI75M1A2tKUQC',
      'spotify',
      'https://open.spotify.com/embed/episode/4uLU6hMCjMI75M1A2tKUQC',
    ],
    ['https://www.instagram.com/p/CxYz123AbC/', 'instagram', 'https://www.instagram.com/p/CxYz123AbC/embed/'],
    ['https://instagram.com/reel/CxYz123AbC', 'instagram', 'https://www.instagram.com/reel/CxYz123AbC/embed/'],
  ])('recognises %s', (url, provider, frameSrc) => {
    expect(recogniseEmbed(url)).toMatchObject({ provider, frameSrc });
  });

  it('recognises an OpenStreetMap link by its #map= fragment or its marker and zoom', () => {
    const byFragment = recogniseEmbed('https://www.openstreetmap.org/#map=16/38.7139/-9.1394');
    expect(byFragment).toMatchObject({
      provider: 'openstreetmap',
      href: 'https://www.openstreetmap.org/?mlat=38.7139&mlon=-9.1394#map=16/38.7139/-9.1394',
    });
    expect(byFragment?.frameSrc).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.,]+&layer=mapnik&marker=38\.7139,-9\.1394$/,
    );
    expect(recogniseEmbed('https://www.openstreetmap.org/?mlat=38.7139&mlon=-9.1394&zoom=15')).toMatchObject({ provider: 'openstreetmap' });
    expect(recogniseEmbed('https://www.openstreetmap.org/')).toBeUndefined();
    expect(recogniseEmbed('https://www.openstreetmap.org/#map=16/38.7/-9.1"onload=x')).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'data:text/html,https://youtu.be/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil-youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ%0A<script>',
    'https://www.youtube.com/watch?v=dQw4w9WgXc%22',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onmouseover="alert(1)',
    'https://youtu.be/dQw4w9WgXcQ\nhttps://evil.example',
    'https://vimeo.com/76979871/../../evil',
    'https://vimeo.com.evil.example/76979871',
    'https://open.spotify.com/artist/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/track/short',
    'https://www.instagram.com/stories/someone/123',
    'http://localhost/watch?v=dQw4w9WgXcQ',
    '//www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('leaves %j alone', (url) => {
    expect(recogniseEmbed(url)).toBeUndefined();
  });
});
