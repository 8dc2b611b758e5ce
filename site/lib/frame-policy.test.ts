import { describe, expect, it } from 'vitest';
import { framedOrigins, pageFrameSrc } from './frame-policy.ts';
import { renderMarkdown } from './markdown.ts';

const page = (...paragraphs: string[]) => paragraphs.map((markdown) => renderMarkdown(markdown)).join('\n');

describe("a page's own frame-src", () => {
  it('names exactly the providers whose embeds the page shows, each once', () => {
    const html = page(
      'Lunch at the market.',
      'https://youtu.be/dQw4w9WgXcQ',
      '[Fado night](https://open.spotify.com/playlist/4uLU6hMCjMI75M1A2tKUQC)',
      'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      '![a](/uploads/a.jpg)\n![b](/uploads/b.jpg)',
    );
    expect(pageFrameSrc(html)).toBe("frame-src 'self' https://open.spotify.com https://www.youtube-nocookie.com");
  });

  it('names no provider for links that are not embeds', () => {
    const html = page(
      'Watch https://youtu.be/dQw4w9WgXcQ and https://vimeo.com/76979871 later.',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
      '<div data-embed-src="https://player.vimeo.com/video/1">x</div>',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    );
    expect(pageFrameSrc(html)).toBe("frame-src 'self'");
  });

  it("counts the page's own frames: an area map, and our own pages as 'self'", () => {
    const html =
      '<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4&amp;layer=mapnik" title="Map"></iframe>' +
      '<iframe title="Preview" src="/lisbon/guide?preview=1"></iframe>';
    expect(framedOrigins(html)).toEqual(['https://www.openstreetmap.org']);
    expect(pageFrameSrc(html)).toBe("frame-src 'self' https://www.openstreetmap.org");
    expect(pageFrameSrc('<main><p>Nothing framed</p></main>')).toBe("frame-src 'self'");
  });
});
