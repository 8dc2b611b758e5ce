import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..', '..');

/** README.md and every Markdown file of docs/: the manual whose links must keep working. */
function manualFiles(): string[] {
  const docs = join(REPO, 'docs');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return [join(REPO, 'README.md'), ...walk(docs)];
}

/** Every token of a Markdown document, nested ones included (links sit inside paragraphs, lists and tables). */
function* tokensOf(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const nested: Token[] = [];
    if ('tokens' in token && token.tokens) nested.push(...token.tokens);
    if (token.type === 'list') for (const item of (token as Tokens.List).items) nested.push(item);
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) nested.push(...cell.tokens);
    }
    yield* tokensOf(nested);
  }
}

const anchorsByFile = new Map<string, Set<string>>();

/** The anchors GitHub gives a document's headings, read once per document (the API reference links into itself hundreds of times). */
function anchorsOf(path: string): Set<string> {
  const known = anchorsByFile.get(path);
  if (known) return known;
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of tokensOf(new Lexer().lex(readFileSync(path, 'utf8')))) {
    if (token.type === 'heading') anchors.add(slugger.slug((token as Tokens.Heading).text));
  }
  anchorsByFile.set(path, anchors);
  return anchors;
}

interface Link {
  file: string;
  href: string;
}

function linksOf(path: string): Link[] {
  const links: Link[] = [];
  for (const token of tokensOf(new Lexer().lex(readFileSync(path, 'utf8')))) {
    if (token.type === 'link' || token.type === 'image') links.push({ file: path, href: (token as Tokens.Link).href });
  }
  return links;
}

/** Why a link within the repository leads nowhere, or undefined when it resolves. */
function brokenBecause({ file, href }: Link): string | undefined {
  const [target = '', fragment] = href.split('#', 2);
  const path = target === '' ? file : resolve(dirname(file), decodeURI(target));
  if (!path.startsWith(REPO)) return 'points outside the repository';
  if (!existsSync(path)) return 'no such file';
  if (fragment !== undefined && path.endsWith('.md') && !anchorsOf(path).has(fragment)) return `no heading #${fragment} there`;
  return undefined;
}

describe('the manual', () => {
  const files = manualFiles();

  it('is README.md and the docs/ it links to, and the README stays a short front door', () => {
    expect(files.map((file) => relative(REPO, file))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
    expect(readFileSync(join(REPO, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
    const linked = new Set(linksOf(join(REPO, 'README.md')).map((link) => resolve(REPO, link.href.split('#')[0]!)));
    const unlinked = files.filter((file) => file.startsWith(join(REPO, 'docs')) && !linked.has(file));
    expect(unlinked.map((file) => relative(REPO, file))).toEqual([]);
  });

  it('has no link within the repository that leads nowhere', () => {
    const links = files.flatMap(linksOf).filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link.href));
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap((link) => {
      const why = brokenBecause(link);
      return why ? [`${relative(REPO, link.file)}: ${link.href} (${why})`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('links out only over https (or to mail, or to a server on this machine)', () => {
    const outside = files.flatMap(linksOf).filter((link) => /^[a-z][a-z0-9+.-]*:/i.test(link.href));
    expect(outside.filter((link) => !/^(https:\/\/|mailto:|http:\/\/localhost[:/])/.test(link.href)).map((link) => link.href)).toEqual([]);
  });
});
