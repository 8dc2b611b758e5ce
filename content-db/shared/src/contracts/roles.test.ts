import { describe, expect, it } from 'vitest';
import { assignableRoles, isRole, mayOnPost, roleAtLeast, rolesFrom, type PostAction, type Role } from './roles.ts';

const ACTIONS: PostAction[] = ['read', 'edit', 'publish', 'delete'];
const allowed = (role: Role, post: { authorIds: number[]; status: 'draft' | 'scheduled' | 'published' }) =>
  ACTIONS.filter((action) => mayOnPost({ id: 7, role }, post, action));

describe('the roles', () => {
  it('rank each role above the ones after it', () => {
    expect(rolesFrom('editor')).toEqual(['owner', 'administrator', 'editor']);
    expect(roleAtLeast('author', 'contributor')).toBe(true);
    expect(roleAtLeast('author', 'editor')).toBe(false);
    expect(isRole('owner')).toBe(true);
    expect(isRole('admin')).toBe(false);
  });

  it('let administrators give any role but owner, the owner every one, editors only writers', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'administrator', 'editor', 'author', 'contributor']);
    expect(assignableRoles('administrator')).toEqual(['administrator', 'editor', 'author', 'contributor']);
    expect(assignableRoles('editor')).toEqual(['author', 'contributor']);
    expect(assignableRoles('author')).toEqual([]);
  });
});

describe('what a role may do to a post', () => {
  const mine = (status: 'draft' | 'scheduled' | 'published') => ({ authorIds: [3, 7], status });
  const theirs = (status: 'draft' | 'scheduled' | 'published') => ({ authorIds: [3], status });

  it('lets editors and above do anything to any post', () => {
    for (const role of ['owner', 'administrator', 'editor'] as const) expect(allowed(role, theirs('published'))).toEqual(ACTIONS);
  });

  it('lets authors do anything to their own posts, co-written ones too, and nothing to others', () => {
    for (const status of ['draft', 'scheduled', 'published'] as const) expect(allowed('author', mine(status))).toEqual(ACTIONS);
    expect(allowed('author', theirs('draft'))).toEqual([]);
  });

  it('lets contributors read their own posts and edit or delete them only as drafts, never publish', () => {
    expect(allowed('contributor', mine('draft'))).toEqual(['read', 'edit', 'delete']);
    expect(allowed('contributor', mine('scheduled'))).toEqual(['read']);
    expect(allowed('contributor', mine('published'))).toEqual(['read']);
    expect(allowed('contributor', theirs('draft'))).toEqual([]);
  });
});
