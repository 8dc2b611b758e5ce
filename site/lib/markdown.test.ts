import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/** Everything executable that could survive: script elements, handlers, dangerous URLs, styles. */
function dangers(html: string): string[] {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const found: string[] = [];
  for (const element of doc.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'style',
        'svg',
        'math',
        'form',
        'base',
        'meta',
        'link',
        'frame',
        'frameset',
        'template',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attr of element.attributes) {
      const value = attr.value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
      if (attr.name === 'style' || attr.name === 'srcset' || attr.name === 'formaction') found.push(`${tag}[${attr.name}]`);
      if (/^(?:javascript|vbscript|data|file|blob):/.test(value)) found.push(`${tag}[${attr.name}=${value.slice(0, 20)}]`);
    }
  }
  return found;
}

const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text y=20>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](data:text/html,<script>alert(1)</script>)',
  '[click](vbscript:msgbox(1))',
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,AAAA)',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<div onclick="alert(1)">x</div>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<img srcset="javascript:alert(1) 1x">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<a href="#" onmouseover="alert(1)">hover</a>',
  '"><img src=x onerror=alert(1)>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '`<script>alert(1)</script>`',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<title><img src=x onerror=alert(1)></title>',
  '<select><option><img src=x onerror=alert(1)></option></select>',
];

describe('renderMarkdown', () => {
  it('renders Markdown: headings, emphasis, lists, links, images', () => {
    expect(renderMarkdown('## Where to eat')).toBe('<h2>Where to eat</h2>\n');
    expect(renderMarkdown('Order the **tonkotsu** and *gyoza*.')).toBe('<p>Order the <strong>tonkotsu</strong> and <em>gyoza</em>.</p>\n');
    expect(renderMarkdown('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
    expect(renderMarkdown('[Visit](https://example.com/a)')).toBe(
      '<p><a href="https://example.com/a" rel="noopener noreferrer">Visit</a></p>\n',
    );
    expect(renderMarkdown('![Bowl](/uploads/bowl.webp)')).toBe(
      '<p><img src="/uploads/bowl.webp" alt="Bowl" loading="lazy" decoding="async"></p>\n',
    );
  });

  it('keeps the alignment of a table column, and writes a no-break space as an entity', () => {
    expect(renderMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |')).toContain('<th align="left">a</th>\n<th align="right">b</th>');
    expect(renderMarkdown('Kyoto\u00a0Station')).toBe('<p>Kyoto&nbsp;Station</p>\n');
  });

  it('gives an image without alt text an empty one', () => {
    expect(renderMarkdown('<img src="/images/a.jpg">')).toBe('<img src="/images/a.jpg" alt="" loading="lazy" decoding="async">');
  });

  it.each([
    ['http', 'http://example.com/'],
    ['https', 'https://example.com/'],
    ['irc', 'irc://irc.example.net/food'],
    ['ircs', 'ircs://irc.example.net/food'],
    ['mailto', 'mailto:hello@forkcast.example'],
    ['xmpp', 'xmpp:chef@example.com'],
    ['a relative path', '/kyoto/guide'],
    ['a relative file', 'notes.html'],
    ['a fragment', '#day-2'],
    ['a query', '?page=2'],
  ])('keeps %s links', (_name, url) => {
    expect(renderMarkdown(`[x](${url})`)).toContain(`href="${url}"`);
  });

  it.each([
    ['a protocol-relative link', '[x](//evil.example/a)'],
    ['a raw HTML backslash link browsers read as protocol-relative', '<a href="/\\evil.example/a">x</a>'],
    ['an upper-case scheme', '[x](HTTPS://evil.example/a)'],
    ['a raw HTML link', '<a href="//evil.example/a">x</a>'],
    ['an irc link', '[x](irc://irc.example.net/food)'],
  ])('marks %s to another origin rel="noopener noreferrer"', (_name, markdown) => {
    const link = new JSDOM(renderMarkdown(markdown)).window.document.querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([['/kyoto/guide'], ['notes.html'], ['#day-2'], ['?page=2']])('leaves the link to this site %s without rel', (url) => {
    expect(new JSDOM(renderMarkdown(`[x](${url})`)).window.document.querySelector('a')?.hasAttribute('rel')).toBe(false);
  });

  it.each([
    ['javascript:alert(1)'],
    ['tel:+15555550100'],
    ['ftp://example.com/file'],
    ['file:///etc/passwd'],
    ['data:text/html,hi'],
    ['chrome://settings'],
  ])('blanks a %s link but keeps its text', (url) => {
    expect(renderMarkdown(`[keep me](${url})`)).toBe('<p><a href="">keep me</a></p>\n');
  });

  it.each(XSS_CORPUS.map((vector) => [vector]))('neutralises %s', (vector) => {
    const html = renderMarkdown(vector);
    expect(dangers(html)).toEqual([]);
    expect(html.toLowerCase()).not.toMatch(/<script|javascript:|onerror=|onload=/);
  });

  it('makes links and images absolute against a base URL, leaving refused ones blank', () => {
    const base = 'https://forkcast.example/kyoto/ramen';
    expect(
      renderMarkdown('[Guide](/kyoto/guide) ![Bowl](/uploads/bowl.jpg) [Day 2](#day-2) [Away](https://example.com/a)', { baseUrl: base }),
    ).toBe(
      '<p><a href="https://forkcast.example/kyoto/guide">Guide</a> ' +
        '<img src="https://forkcast.example/uploads/bowl.jpg" alt="Bowl" loading="lazy" decoding="async"> ' +
        '<a href="https://forkcast.example/kyoto/ramen#day-2">Day 2</a> ' +
        '<a href="https://example.com/a" rel="noopener noreferrer">Away</a></p>\n',
    );
    expect(renderMarkdown('[x](javascript:alert(1))', { baseUrl: base })).toBe('<p><a href="">x</a></p>\n');
    // The next call without a base is not affected.
    expect(renderMarkdown('[Guide](/kyoto/guide)')).toBe('<p><a href="/kyoto/guide">Guide</a></p>\n');
  });

  it('neutralises every vector when they all arrive in one block', () => {
    expect(dangers(renderMarkdown(XSS_CORPUS.join('\n\n')))).toEqual([]);
  });
});

describe('renderMarkdown: embeds and galleries', () => {
  it('turns a recognised link alone in a paragraph into a click-to-load facade with a plain link', () => {
    const html = renderMarkdown('https://youtu.be/dQw4w9WgXcQ');
    const doc = new JSDOM(`<body>${html}</body>`).window.document;
    const figure = doc.querySelector('figure.embed');
    expect(figure?.getAttribute('data-embed-src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(doc.querySelector('.embed__title')?.textContent).toBe('YouTube video');
    expect(doc.querySelector('.embed__provider')?.textContent).toBe('YouTube');
    expect(doc.querySelector('iframe, img')).toBeNull();
  });

  it('takes the title from the link text, escaped', () => {
    const html = renderMarkdown('[Tasca do **Chico** <b>live</b>](https://vimeo.com/76979871)');
    const doc = new JSDOM(`<body>${html}</body>`).window.document;
    expect(doc.querySelector('.embed__title')?.textContent).toBe('Tasca do Chico live');
    expect(dangers(html)).toEqual([]);
  });

  it('gives a facade only its own attributes, whatever the link text holds', () => {
    const html = renderMarkdown(`[<img src=x onerror=alert(1)>"' onclick=x <script>alert(1)</script> & co](https://youtu.be/dQw4w9WgXcQ)`);
    const doc = new JSDOM(`<body>${html}</body>`).window.document;
    const attributes = (selector: string) => [...(doc.querySelector(selector)?.attributes ?? [])].map((attr) => attr.name);
    expect(attributes('figure')).toEqual(['class', 'data-embed-src', 'data-embed-title']);
    expect(attributes('figure a')).toEqual(['class', 'href', 'rel']);
    expect(doc.querySelector('figure')?.getAttribute('data-embed-title')).toBe(`"' onclick=x  & co`);
    expect(doc.querySelector('.embed__title')?.textContent).toBe(`"' onclick=x  & co`);
    expect(doc.querySelectorAll('figure *').length).toBe(4);
    expect(dangers(html)).toEqual([]);
  });

  it('keeps a link inside a sentence, or with other lines, as a link', () => {
    expect(renderMarkdown('Watch https://youtu.be/dQw4w9WgXcQ now')).not.toContain('embed');
    expect(renderMarkdown('https://youtu.be/dQw4w9WgXcQ\nand more')).not.toContain('embed');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ%0A%0D<script>',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onmouseover="alert(1)',
    '[x" onclick="alert(1)](https://youtu.be/dQw4w9WgXcQ "t\\" onclick=\\"y")',
    '[a](javascript:https://youtu.be/dQw4w9WgXcQ)',
    '<javascript:alert(1)>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '[video](data:text/html,https://youtu.be/dQw4w9WgXcQ)',
    '//evil.example/watch?v=dQw4w9WgXcQ',
    '[video](//youtu.be/dQw4w9WgXcQ)',
    '<//www.youtube.com/watch?v=dQw4w9WgXcQ>',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    '[video](https://youtu.be.evil.example/dQw4w9WgXcQ)',
    "https://youtu.be/dQw4w9WgX'<",
    '<https://www.youtube.com/watch?v=dQw4w9W"<b>>',
    '[video](https://www.instagram.com/p/Cx%22%3E%3Cscript%3E/)',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQdQw4w9WgXcQ',
    `https://youtu.be/${'a'.repeat(5000)}`,
  ])('renders hostile %j as no embed and nothing executable', (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain('data-embed-src');
    expect(dangers(html)).toEqual([]);
  });

  it('renders consecutive image-only lines as a gallery of lazy images with alt text', () => {
    const html = renderMarkdown('![Bifana](/uploads/a.jpg)\n![Caldo verde](/uploads/b.jpg)\n![](https://example.com/c.jpg)');
    const doc = new JSDOM(`<body>${html}</body>`).window.document;
    const images = [...doc.querySelectorAll('.gallery img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Bifana', 'Caldo verde', '']);
    expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('keeps a gallery line with anything else in it, or a hostile image, out of harm', () => {
    expect(renderMarkdown('![a](/a.jpg)\nsome text')).not.toContain('gallery');
    const html = renderMarkdown('![a](javascript:alert(1))\n![b" onerror="alert(1)](/b.jpg)');
    expect(dangers(html)).toEqual([]);
  });
});
