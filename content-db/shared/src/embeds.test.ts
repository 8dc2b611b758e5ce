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
    // Scripts and documents dressed as links.
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)//youtu.be/dQw4w9WgXcQ',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    // Protocol-relative and backslashed addresses, which a browser would take to another host.
    '//evil.example/watch?v=dQw4w9WgXcQ',
    '//youtu.be/dQw4w9WgXcQ',
    '/\\evil.example/watch?v=dQw4w9WgXcQ',
    'https:\\\\youtu.be\\dQw4w9WgXcQ',
    'https://evil.example\\@www.youtube.com/watch?v=dQw4w9WgXcQ',
    // Look-alike hosts: the provider's name elsewhere in the address, or in other letters.
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?next=https://youtu.be/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com./watch?v=dQw4w9WgXcQ',
    'https://www.yоutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://player.vimeo.com.evil.example/video/76979871',
    'https://open.spotify.com.evil.example/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://instagram.com.evil.example/p/CxYz123AbC/',
    'https://openstreetmap.org.evil.example/#map=16/38.7139/-9.1394',
    // Ids carrying quotes, angle brackets or encoded markup.
    "https://youtu.be/dQw4w9WgX'<",
    'https://www.youtube.com/watch?v=dQw4w9W"<b>',
    'https://www.youtube.com/watch?v=%3Cscript%3E',
    'https://www.youtube.com/watch?v=dQw4w9WgX%3E',
    'https://www.instagram.com/p/Cx"onload="x/',
    'https://www.instagram.com/p/Cx%22%3E%3Cscript%3E/',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tK%22Q',
    'https://www.openstreetmap.org/?mlat=38.7<x>&mlon=-9.1&zoom=15',
    // Over-long ids and numbers.
    'https://www.youtube.com/watch?v=dQw4w9WgXcQdQw4w9WgXcQ',
    `https://youtu.be/${'a'.repeat(5000)}`,
    'https://vimeo.com/1234567890123',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQCx',
    `https://www.instagram.com/p/${'C'.repeat(41)}/`,
    'https://www.openstreetmap.org/#map=16/38.713912345/-9.1394',
    'https://www.openstreetmap.org/#map=123/38.7/-9.1',
  ])('leaves %j alone', (url) => {
    expect(recogniseEmbed(url)).toBeUndefined();
  });

  it.each([
    'HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=%22%3E%3Cscript%3E',
    'https://www.youtube.com/watch?feature=%27onload%3D&v=dQw4w9WgXcQ',
    'https://vimeo.com/76979871/?a=%22',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=%3C%3E',
    'https://www.instagram.com/p/CxYz123AbC/?igsh=%22%27',
    'https://www.openstreetmap.org/?mlat=-0.5&mlon=179.99999999&zoom=19#layers=%3C',
  ])('rebuilds %j from its checked parts only', (url) => {
    const embed = recogniseEmbed(url);
    expect(embed).toBeDefined();
    for (const value of [embed?.href, embed?.frameSrc]) expect(value).toMatch(/^https:\/\/[A-Za-z0-9./?=&_,#-]+$/);
  });
});
