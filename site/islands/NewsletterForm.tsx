import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { apiRequest, messageOf } from './shared/api';
import { IslandRoot } from './shared/IslandRoot';
import { toast } from './shared/toast-store';

/**
 * The newsletter sign-up (an empty email is not sent). The field is
 * uncontrolled: the island hydrates when a reader reaches for it, and whatever they typed before
 * that must stay in the box.
 */
function Signup() {
  const subscribe = useMutation({
    mutationFn: async (address: string) =>
      (await (await apiRequest('POST', '/api/newsletter/subscribe', { email: address })).json()) as { message?: string },
    onSuccess: (body) => {
      toast({
        title: 'Successfully subscribed!',
        ...(body.message && body.message !== 'Successfully subscribed!' ? { description: body.message } : {}),
      });
    },
    onError: (error) =>
      toast({ title: 'Subscription failed', description: messageOf(error, 'Please try again later.'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (email === '') return;
    subscribe.mutate(email, { onSuccess: () => form.reset() });
  };
  return (
    <form className="newsletter__form" method="post" action="/api/newsletter/subscribe/form" onSubmit={submit} data-newsletter>
      <label htmlFor="newsletter-email">Email address</label>
      <div className="newsletter__row">
        <input id="newsletter-email" name="email" type="email" autoComplete="email" required placeholder="you@example.com" />
        <button className="button" type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
    </form>
  );
}

export default function NewsletterForm() {
  return (
    <IslandRoot>
      <Signup />
    </IslandRoot>
  );
}
