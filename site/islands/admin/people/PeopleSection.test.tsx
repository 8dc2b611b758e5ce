import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invitation, User } from '@forkcast/shared/contracts';
import { callsTo, currentToast, json, mockFetch, noContent, renderInRoot } from '../Dashboard.test-utils';
import { userOf } from '../test-api';
import { PeopleSection } from './PeopleSection';

const PENDING: Invitation = {
  id: 4,
  email: 'nia@example.com',
  role: 'contributor',
  invitedBy: 1,
  invitedByName: 'Editor',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-08T10:00:00.000Z',
  acceptedAt: null,
  revokedAt: null,
};
const member = (id: number, name: string, role: User['role']): User => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@forkcast.test`,
  role,
  slug: name.toLowerCase().replace(/ /g, '-'),
  bio: '',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const OWNER = member(1, 'Olive Owner', 'owner');
const EDDIE = member(3, 'Eddie Editor', 'editor');

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the People section', () => {
  it('lets an editor invite only authors and contributors, and shows no members', async () => {
    const fetchMock = mockFetch({
      'GET /api/invitations': [json(200, []), json(200, [PENDING])],
      'POST /api/invitations': json(201, PENDING),
    });
    renderInRoot(<PeopleSection user={userOf('editor')} />);
    await screen.findByText('No pending invitations');
    expect(options(screen.getByLabelText('Role'))).toEqual(['Author', 'Contributor']);
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'nia@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'contributor');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    await within(pending).findByText('nia@example.com');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/invitations')[0]!.body))).toEqual({
      email: 'nia@example.com',
      role: 'contributor',
    });
    expect(currentToast()?.title).toBe('Invitation sent');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal in an alert and puts the focus back on the address", async () => {
    mockFetch({
      'GET /api/invitations': json(200, []),
      'GET /api/users': json(200, []),
      'POST /api/invitations': json(409, { message: 'Someone with that email is a member already.', code: 'conflict' }),
    });
    renderInRoot(<PeopleSection user={userOf('administrator')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the email address to invite.');
    await userEvent.type(screen.getByLabelText('Email'), 'eddie@forkcast.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Someone with that email is a member already.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('revokes a pending invitation', async () => {
    const fetchMock = mockFetch({
      'GET /api/invitations': [json(200, [PENDING]), json(200, [])],
      'DELETE /api/invitations/4': noContent(),
    });
    renderInRoot(<PeopleSection user={userOf('editor')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation to nia@example.com' }));
    await screen.findByText('No pending invitations');
    expect(callsTo(fetchMock, 'DELETE /api/invitations/4')).toHaveLength(1);
    expect(currentToast()?.title).toBe('Invitation withdrawn');
  });

  it('lets an administrator change roles, sign someone out and delete them with their posts reassigned', async () => {
    const admin = userOf('administrator');
    const self = member(admin.id, admin.name, 'administrator');
    const fetchMock = mockFetch({
      'GET /api/invitations': json(200, []),
      'GET /api/users': [json(200, [OWNER, self, EDDIE]), json(200, [OWNER, self, { ...EDDIE, role: 'author' }]), json(200, [OWNER, self])],
      'PATCH /api/users/3': json(200, { ...EDDIE, role: 'author' }),
      'POST /api/users/3/sign-out': noContent(),
      'DELETE /api/users/3': noContent(),
    });
    renderInRoot(<PeopleSection user={admin} />);
    const members = await screen.findByRole('region', { name: 'Members' });
    await within(members).findByText('Eddie Editor', { selector: 'strong' });
    // Neither the owner nor yourself can be changed here.
    expect(within(members).queryByLabelText('Role of Olive Owner')).toBeNull();
    expect(within(members).queryByLabelText(`Role of ${admin.name}`)).toBeNull();
    expect(options(within(members).getByLabelText('Role of Eddie Editor'))).toEqual(['Administrator', 'Editor', 'Author', 'Contributor']);

    await userEvent.selectOptions(within(members).getByLabelText('Role of Eddie Editor'), 'author');
    await waitFor(() => expect(currentToast()?.title).toBe('Role changed'));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/users/3')[0]!.body))).toEqual({ role: 'author' });

    await userEvent.click(within(members).getByRole('button', { name: 'Sign out everywhere Eddie Editor' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Signed out everywhere'));

    await userEvent.click(within(members).getByRole('button', { name: 'Delete… Eddie Editor' }));
    await userEvent.selectOptions(within(members).getByLabelText('Give their posts to'), String(OWNER.id));
    await userEvent.click(within(members).getByRole('button', { name: 'Delete Eddie Editor' }));
    await waitFor(() => expect(within(members).queryByText('Eddie Editor', { selector: 'strong' })).toBeNull());
    expect(JSON.parse(String(callsTo(fetchMock, 'DELETE /api/users/3')[0]!.body))).toEqual({ reassignTo: OWNER.id });
  });
});
