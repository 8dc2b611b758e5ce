import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@forkcast/shared/contracts';
import { callsTo, currentToast, json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { userOf } from '../test-api';
import { ProfileForm } from './ProfileForm';

const CORA: User = {
  ...userOf('contributor', 5),
  name: 'Cora Contributor',
  slug: 'cora-contributor',
  bio: 'Eats first.',
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the profile form', () => {
  it('shows the signed-in user their profile and saves their changes', async () => {
    const fetchMock = mockFetch({
      'GET /api/users/5': json(200, CORA),
      'PATCH /api/users/5': json(200, { ...CORA, bio: 'Eats first, writes later.' }),
    });
    renderInRoot(<ProfileForm user={userOf('contributor', 5)} />);
    const bio = await screen.findByLabelText('Bio');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cora Contributor');
    expect(screen.getByText('Your author page is /authors/cora-contributor')).toBeTruthy();
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Eats first, writes later.');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Profile saved'));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/users/5')[0]!.body))).toEqual({
      name: 'Cora Contributor',
      slug: 'cora-contributor',
      bio: 'Eats first, writes later.',
      avatar: null,
    });
  });

  it("shows the server's refusal in a focused alert", async () => {
    mockFetch({
      'GET /api/users/5': json(200, CORA),
      'PATCH /api/users/5': json(409, { message: 'Another user already uses that slug.', code: 'conflict' }),
    });
    renderInRoot(<ProfileForm user={userOf('contributor', 5)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Another user already uses that slug.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});
