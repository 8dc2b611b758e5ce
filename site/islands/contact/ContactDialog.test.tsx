import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IslandRoot } from '../shared/IslandRoot';
import { useToasts } from '../shared/toast-store';
import { ContactDialog, useContactDialog, validateContact } from './ContactDialog';

const lastToast = () => useToasts.getState().toasts[0];

function openDialog() {
  useContactDialog.setState({ open: true });
  render(
    <IslandRoot>
      <ContactDialog />
    </IslandRoot>,
  );
}

async function fill(values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
  return user;
}

describe('validateContact', () => {
  it('requires all four fields, ignoring surrounding spaces', () => {
    const full = { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' };
    expect(validateContact(full)).toBeUndefined();
    for (const key of Object.keys(full)) {
      expect(validateContact({ ...full, [key]: '   ' })).toEqual({
        title: 'Please fill in all fields',
        description: 'All fields are required to send your message.',
      });
    }
  });

  it.each(['ana', 'ana@example', 'ana @example.com', '@example.com'])('refuses the email %s', (email) => {
    expect(validateContact({ name: 'A', email, subject: 'S', message: 'M' })).toEqual({
      title: 'Invalid email address',
      description: 'Please enter a valid email address.',
    });
  });
});

describe('ContactDialog', () => {
  it('has a title, a description and four labelled fields, the message box four rows tall', () => {
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Get in touch' })).toBeTruthy();
    expect(screen.getByText(/we read every message/)).toBeTruthy();
    for (const label of ['Name', 'Email', 'Subject']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('4');
  });

  it('shows the SPEC toast for missing fields and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    openDialog();
    const user = await fill({ Name: 'Ana' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(lastToast()).toMatchObject({ title: 'Please fill in all fields', description: 'All fields are required to send your message.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the SPEC toast for a bad email and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    openDialog();
    const user = await fill({ Name: 'Ana', Email: 'not-an-email', Subject: 'Hi', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(lastToast()).toMatchObject({ title: 'Invalid email address', description: 'Please enter a valid email address.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed message, thanks the reader, clears the form and closes', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"ok"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    openDialog();
    const user = await fill({ Name: ' Ana ', Email: 'ana@example.com', Subject: 'Lisbon', Message: 'Loved the guide.' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(useContactDialog.getState().open).toBe(false));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/contact',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Lisbon', message: 'Loved the guide.' }),
      }),
    );
    expect(lastToast()).toMatchObject({ title: 'Message sent!', description: "Thank you for your message. We'll get back to you soon." });
    useContactDialog.setState({ open: true });
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
  });

  it('gives focus back to the link that opened it, and the page behind is inert only while open', async () => {
    const link = document.createElement('a');
    link.href = 'mailto:hello@example.com';
    link.textContent = 'Contact';
    const main = document.createElement('main');
    main.append(link);
    document.body.append(main);
    try {
      link.focus();
      useContactDialog.getState().openFrom(link);
      render(
        <IslandRoot>
          <ContactDialog />
        </IslandRoot>,
      );
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
      expect(main.hasAttribute('inert')).toBe(true);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(document.activeElement).toBe(link));
      expect(main.hasAttribute('inert')).toBe(false);
    } finally {
      main.remove();
    }
  });

  it("shows the server's message on failure, or the generic one, and stays open", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"You have sent several messages in a short time."}', { status: 429 })),
    );
    openDialog();
    const user = await fill({ Name: 'Ana', Email: 'ana@example.com', Subject: 'Hi', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error sending message', description: 'You have sent several messages in a short time.' }),
    );
    expect(useContactDialog.getState().open).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('network down');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error sending message', description: 'Something went wrong. Please try again.' }),
    );
  });

  it('closes on Escape', async () => {
    openDialog();
    await userEvent.setup().keyboard('{Escape}');
    expect(useContactDialog.getState().open).toBe(false);
  });
});
