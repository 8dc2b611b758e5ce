import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiRequest, messageOf } from './shared/api';
import { IslandRoot } from './shared/IslandRoot';
import { toast } from './shared/toast-store';

/** The newsletter sign-up (SPEC §5: an empty email is not sent; §8 messages). */
function Signup() {
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: async (address: string) => (await (await apiRequest('POST', '/api/newsletter/subscribe', { email: address })).json()) as { message?: string },
    onSuccess: (body) => {
      toast({ title: 'Successfully subscribed!', ...(body.message && body.message !== 'Successfully subscribed!' ? { description: body.message } : {}) });
      setEmail('');
    },
    onError: (error) => toast({ title: 'Subscription failed', description: messageOf(error, 'Please try again later.'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return;
    subscribe.mutate(email.trim());
  };
  return (
    <form className="newsletter__form" method="post" action="/api/newsletter/subscribe/form" onSubmit={submit} data-newsletter>
      <label htmlFor="newsletter-email">Email address</label>
      <div className="newsletter__row">
        <input id="newsletter-email" name="email" type="email" autoComplete="email" required placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
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
