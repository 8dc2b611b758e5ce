import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import NewsletterForm from './NewsletterForm';
import { useToasts } from './shared/toast-store';

const lastToast = () => useToasts.getState().toasts[0];

describe('NewsletterForm', () => {
  it('skips an empty email without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<NewsletterForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('subscribes, says so and clears the field', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Successfully subscribed!"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<NewsletterForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), ' reader@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Successfully subscribed!' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/newsletter/subscribe',
      expect.objectContaining({ body: JSON.stringify({ email: 'reader@example.com' }) }),
    );
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's word on what happens next", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Check your inbox to confirm your subscription."}', { status: 200 })),
    );
    render(<NewsletterForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Successfully subscribed!',
        description: 'Check your inbox to confirm your subscription.',
      }),
    );
  });

  it("shows the server's message on failure, or 'Please try again later.'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Please enter a valid email address."}', { status: 400 })),
    );
    render(<NewsletterForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'x@y');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Subscription failed', description: 'Please enter a valid email address.' }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Subscription failed', description: 'Please try again later.' }));
  });
});
