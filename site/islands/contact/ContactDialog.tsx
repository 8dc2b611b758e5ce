import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { create } from 'zustand';
import { isEmailAddress, LIMITS, type ContactForm } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../shared/api';
import { useInertPage } from '../shared/inert-page';
import { toast } from '../shared/toast-store';

type Fields = ContactForm;
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };

interface ContactDialogState {
  open: boolean;
  /** The link that opened the dialog; focus goes back to it on close. */
  opener: HTMLElement | null;
  setOpen: (open: boolean) => void;
  openFrom: (opener: HTMLElement | null) => void;
}

/** Whether the contact dialog is open; any Contact link (`data-contact-open`) opens it. */
export const useContactDialog = create<ContactDialogState>((set) => ({
  open: false,
  opener: null,
  setOpen: (open) => set({ open }),
  openFrom: (opener) => set({ open: true, opener }),
}));

/** The contact form's client-side checks; returns the toast to show, or undefined when the form may be sent. */
export function validateContact(fields: Fields): { title: string; description: string } | undefined {
  if (Object.values(fields).some((value) => value.trim() === '')) {
    return { title: 'Please fill in all fields', description: 'All fields are required to send your message.' };
  }
  if (!isEmailAddress(fields.email.trim())) return { title: 'Invalid email address', description: 'Please enter a valid email address.' };
  return undefined;
}

/** The contact dialog. */
export function ContactDialog() {
  const { open, setOpen, opener } = useContactDialog();
  useInertPage(open);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const send = useMutation({
    mutationFn: (body: Fields) => apiRequest('POST', '/api/contact', body),
    onSuccess: () => {
      toast({ title: 'Message sent!', description: "Thank you for your message. We'll get back to you soon." });
      setFields(EMPTY);
      setOpen(false);
    },
    onError: (error) =>
      toast({
        title: 'Error sending message',
        description: messageOf(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateContact(fields);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    send.mutate({ name: fields.name.trim(), email: fields.email.trim(), subject: fields.subject.trim(), message: fields.message.trim() });
  };
  const field = (name: keyof Fields) => ({
    id: `contact-${name}`,
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fc-overlay" />
        <Dialog.Content
          className="fc-dialog"
          onCloseAutoFocus={(event) => {
            // Opened by a plain link rather than a Radix trigger, so Radix would leave focus on <body>.
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <Dialog.Title>Get in touch</Dialog.Title>
          <Dialog.Description className="fc-dialog__description">
            A tip, a correction or a question about a guide: we read every message.
          </Dialog.Description>
          <form className="fc-form" onSubmit={submit} noValidate>
            <label htmlFor="contact-name">Name</label>
            <input {...field('name')} autoComplete="name" maxLength={LIMITS.contact.name} />
            <label htmlFor="contact-email">Email</label>
            <input {...field('email')} type="email" autoComplete="email" maxLength={LIMITS.contact.email} />
            <label htmlFor="contact-subject">Subject</label>
            <input {...field('subject')} maxLength={LIMITS.contact.subject} />
            <label htmlFor="contact-message">Message</label>
            <textarea {...field('message')} rows={4} maxLength={LIMITS.contact.message} />
            <div className="fc-form__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </button>
            </div>
          </form>
          <Dialog.Close className="fc-dialog__close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
