import { beforeEach, describe, expect, it } from 'vitest';
import { accountKey, userKey, DEFAULT_THROTTLE, deviceKey, ipKey, LoginThrottle, type ThrottleOptions } from './login-throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A throttle on a hand-moved clock: 3 free failures, then 10 s, 20 s, 40 s ... capped at 60 s. */
function throttleAt(overrides: Partial<ThrottleOptions> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const throttle = new LoginThrottle({
    freeFailures: 3,
    baseDelayMs: 10 * SECOND,
    maxDelayMs: 60 * SECOND,
    forgetAfterMs: 10 * MINUTE,
    now: () => clock.now,
    ...overrides,
  });
  return {
    throttle,
    /** Moves the clock forward. */
    advance: (ms: number) => {
      clock.now += ms;
    },
    failTimes: (keys: string[], times: number) => {
      for (let i = 0; i < times; i++) throttle.fail(keys);
    },
  };
}

describe('LoginThrottle', () => {
  const ip = ipKey('203.0.113.7');
  const account = userKey(1);
  let t: ReturnType<typeof throttleAt>;

  beforeEach(() => {
    t = throttleAt();
  });

  describe('free failures', () => {
    it('lets a key try at once when it has never failed', () => {
      expect(t.throttle.waitMs([ip])).toBe(0);
      expect(t.throttle.waitMs([ip, account])).toBe(0);
    });

    it('answers 0 for no keys at all', () => {
      expect(t.throttle.waitMs([])).toBe(0);
    });

    it('does not make anyone wait before the free failures are used up', () => {
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(0);
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(0);
    });

    it('makes the next attempt wait the base delay once the free failures are used up', () => {
      t.failTimes([ip], 3);
      expect(t.throttle.waitMs([ip])).toBe(10 * SECOND);
    });

    it('counts down the wait as time passes and lets the key try again when it is over', () => {
      t.failTimes([ip], 3);
      t.advance(4 * SECOND);
      expect(t.throttle.waitMs([ip])).toBe(6 * SECOND);
      t.advance(6 * SECOND - 1);
      expect(t.throttle.waitMs([ip])).toBe(1);
      t.advance(1);
      expect(t.throttle.waitMs([ip])).toBe(0);
    });
  });

  describe('doubling waits and the cap', () => {
    it('doubles the wait with each further failure, measured from the latest failure', () => {
      t.failTimes([ip], 3);
      expect(t.throttle.waitMs([ip])).toBe(10 * SECOND);
      t.advance(10 * SECOND);
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(20 * SECOND);
      t.advance(20 * SECOND);
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(40 * SECOND);
    });

    it('never makes anyone wait longer than maxDelayMs', () => {
      t.failTimes([ip], 3 + 2);
      expect(t.throttle.waitMs([ip])).toBe(40 * SECOND);
      t.failTimes([ip], 1);
      // 10 s * 2^3 = 80 s, capped at 60 s.
      expect(t.throttle.waitMs([ip])).toBe(60 * SECOND);
      t.failTimes([ip], 30);
      expect(t.throttle.waitMs([ip])).toBe(60 * SECOND);
    });

    it('does not overflow into Infinity or NaN after a great many failures', () => {
      t.failTimes([ip], 5_000);
      expect(t.throttle.waitMs([ip])).toBe(60 * SECOND);
    });

    it('uses the defaults of 5 free failures, 2 s base and a 15 minute cap', () => {
      const clock = { now: 0 };
      const throttle = new LoginThrottle({ ...DEFAULT_THROTTLE, now: () => clock.now });
      for (let i = 0; i < 4; i++) throttle.fail([ip]);
      expect(throttle.waitMs([ip])).toBe(0);
      throttle.fail([ip]);
      expect(throttle.waitMs([ip])).toBe(2 * SECOND);
      for (let i = 0; i < 20; i++) throttle.fail([ip]);
      expect(throttle.waitMs([ip])).toBe(15 * MINUTE);
    });
  });

  describe('forgetting', () => {
    it('forgets failures older than forgetAfterMs', () => {
      t.failTimes([ip], 5);
      expect(t.throttle.waitMs([ip])).toBeGreaterThan(0);
      t.advance(10 * MINUTE + 1);
      expect(t.throttle.waitMs([ip])).toBe(0);
    });

    it('starts counting from one again after forgetting, so the free failures are free again', () => {
      t.failTimes([ip], 6);
      t.advance(10 * MINUTE + 1);
      t.failTimes([ip], 2);
      expect(t.throttle.waitMs([ip])).toBe(0);
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(10 * SECOND);
    });

    it('measures the quiet period from the latest failure, not the first', () => {
      t.failTimes([ip], 2);
      t.advance(9 * MINUTE);
      t.failTimes([ip], 1);
      t.advance(9 * MINUTE);
      // 18 minutes after the first failure but only 9 after the last: all three still count.
      t.failTimes([ip], 1);
      expect(t.throttle.waitMs([ip])).toBe(20 * SECOND);
    });

    it('still remembers failures exactly forgetAfterMs old', () => {
      const slow = throttleAt({ baseDelayMs: 20 * MINUTE, maxDelayMs: 60 * MINUTE });
      slow.failTimes([ip], 3);
      slow.advance(10 * MINUTE);
      expect(slow.throttle.waitMs([ip])).toBe(10 * MINUTE);
      slow.advance(1);
      expect(slow.throttle.waitMs([ip])).toBe(0);
    });
  });

  describe('success', () => {
    it('clears the records of the keys that succeeded', () => {
      t.failTimes([ip, account], 5);
      expect(t.throttle.waitMs([account])).toBeGreaterThan(0);
      t.throttle.succeed([ip, account]);
      expect(t.throttle.waitMs([ip, account])).toBe(0);
    });

    it('gives back every free failure after a success', () => {
      t.failTimes([account], 2);
      t.throttle.succeed([account]);
      t.failTimes([account], 2);
      expect(t.throttle.waitMs([account])).toBe(0);
      t.failTimes([account], 1);
      expect(t.throttle.waitMs([account])).toBe(10 * SECOND);
    });

    it('clears only the keys it is given', () => {
      const other = userKey(2);
      t.failTimes([ip, account, other], 3);
      t.throttle.succeed([account]);
      expect(t.throttle.waitMs([account])).toBe(0);
      expect(t.throttle.waitMs([ip])).toBe(10 * SECOND);
      expect(t.throttle.waitMs([other])).toBe(10 * SECOND);
    });

    it('is harmless for keys that never failed', () => {
      expect(() => t.throttle.succeed([ip, account])).not.toThrow();
      expect(t.throttle.waitMs([ip, account])).toBe(0);
    });
  });

  describe('independent keys', () => {
    it('keeps each key on its own record', () => {
      const otherIp = ipKey('198.51.100.1');
      t.failTimes([ip], 3);
      expect(t.throttle.waitMs([ip])).toBe(10 * SECOND);
      expect(t.throttle.waitMs([otherIp])).toBe(0);
      expect(t.throttle.waitMs([account])).toBe(0);
    });

    it('makes a request wait as long as the most throttled of its keys', () => {
      const otherIp = ipKey('198.51.100.1');
      t.failTimes([ip, account], 3);
      t.failTimes([ip], 2);
      expect(t.throttle.waitMs([ip])).toBe(40 * SECOND);
      expect(t.throttle.waitMs([account])).toBe(10 * SECOND);
      expect(t.throttle.waitMs([otherIp, account])).toBe(10 * SECOND);
      expect(t.throttle.waitMs([ip, account])).toBe(40 * SECOND);
    });

    it('throttles an account attacked from many addresses (the account key)', () => {
      for (let i = 1; i <= 3; i++) t.throttle.fail([ipKey(`198.51.100.${i}`), account]);
      expect(t.throttle.waitMs([ipKey('198.51.100.4'), account])).toBe(10 * SECOND);
      expect(t.throttle.waitMs([ipKey('198.51.100.4'), accountKey('other@forkcast.test')])).toBe(0);
    });

    it('throttles one address trying many accounts (the address key)', () => {
      for (let i = 1; i <= 3; i++) t.throttle.fail([ip, accountKey(`guess${i}@forkcast.test`)]);
      expect(t.throttle.waitMs([ip, accountKey('guess4@forkcast.test')])).toBe(10 * SECOND);
    });

    it('never confuses an address with an account of the same text', () => {
      expect(ipKey('x')).not.toBe(accountKey('x'));
      t.failTimes([ipKey('x')], 3);
      expect(t.throttle.waitMs([accountKey('x')])).toBe(0);
    });
  });

  describe('key helpers', () => {
    it('prefixes addresses so they cannot collide with accounts', () => {
      expect(ipKey('203.0.113.7')).toBe('ip:203.0.113.7');
      expect(ipKey('::1')).toBe('ip:::1');
    });

    it('normalises account case and surrounding whitespace', () => {
      expect(accountKey('Editor@Forkcast.TEST')).toBe('account:editor@forkcast.test');
      expect(accountKey('  editor@forkcast.test\t\n')).toBe('account:editor@forkcast.test');
      expect(accountKey(' EDITOR@forkcast.test ')).toBe(accountKey('editor@forkcast.test'));
    });

    it('shares one record between spellings of the same account', () => {
      t.failTimes([accountKey('Editor@Forkcast.test')], 2);
      t.failTimes([accountKey(' editor@forkcast.test ')], 1);
      expect(t.throttle.waitMs([accountKey('EDITOR@FORKCAST.TEST')])).toBe(10 * SECOND);
    });

    it('keeps different accounts apart', () => {
      expect(accountKey('a@forkcast.test')).not.toBe(accountKey('b@forkcast.test'));
    });
  });

  describe('bounded memory', () => {
    it('keeps at most maxKeys records, however many addresses fail', () => {
      const small = throttleAt({ maxKeys: 100 });
      for (let i = 0; i < 1000; i++) small.throttle.fail([ipKey(`10.0.${i >> 8}.${i & 255}`)]);
      expect(small.throttle.size).toBeLessThanOrEqual(100);
      // The most recent ones are still held to their allowance.
      small.failTimes([ipKey('10.0.3.231')], 2);
      expect(small.throttle.waitMs([ipKey('10.0.3.231')])).toBe(10 * SECOND);
    });

    it('keeps an account under attack, which every guess touches, while many addresses come and go', () => {
      const small = throttleAt({ maxKeys: 50 });
      for (let i = 0; i < 500; i++) small.throttle.fail([ipKey(`10.1.${i >> 8}.${i & 255}`), account]);
      expect(small.throttle.waitMs([account])).toBe(60 * SECOND);
    });
  });

  describe('a locked account', () => {
    it('stays locked however many fresh addresses fail with invented emails', () => {
      const defaults = throttleAt({ maxKeys: undefined });
      defaults.failTimes([ipKey('203.0.113.7'), account], 3);
      for (let i = 0; i < 5_000; i++) defaults.throttle.fail([ipKey(`2001:db8::${i.toString(16)}`), accountKey(`guess${i}@forkcast.test`)]);
      expect(defaults.throttle.waitMs([ipKey('198.51.100.99'), account])).toBe(10 * SECOND);
    });

    it('stays locked however many other accounts and trusted browsers fail', () => {
      const small = throttleAt({ maxKeys: 50, unknownAccountRecords: 16 });
      small.failTimes([account], 3);
      for (let i = 2; i < 2_000; i++) small.throttle.fail([ipKey(`10.2.${i >> 8}.${i & 255}`), userKey(i), deviceKey(`device-${i}`)]);
      expect(small.throttle.waitMs([account])).toBe(10 * SECOND);
    });

    it('stays locked while memory stays bounded, however many emails are invented', () => {
      const small = throttleAt({ maxKeys: 100, unknownAccountRecords: 64 });
      small.failTimes([account], 3);
      for (let i = 0; i < 50_000; i++) small.throttle.fail([ipKey(`10.3.${i >> 8}.${i & 255}`), accountKey(`made-up-${i}@forkcast.test`)]);
      expect(small.throttle.size).toBeLessThanOrEqual(100 + 64 + 1);
      expect(small.throttle.waitMs([account])).toBe(10 * SECOND);
    });
  });

  describe('emails of no account', () => {
    it('holds each to its free failures, as an account is held', () => {
      const email = accountKey('nobody@forkcast.test');
      t.failTimes([email], 2);
      expect(t.throttle.waitMs([email])).toBe(0);
      t.failTimes([email], 1);
      expect(t.throttle.waitMs([email])).toBe(10 * SECOND);
    });

    it('keeps an invented email held however many addresses come and go', () => {
      const small = throttleAt({ maxKeys: 50 });
      const email = accountKey('nobody@forkcast.test');
      small.failTimes([email], 3);
      for (let i = 0; i < 1_000; i++) small.throttle.fail([ipKey(`10.4.${i >> 8}.${i & 255}`)]);
      expect(small.throttle.waitMs([email])).toBe(10 * SECOND);
    });
  });

  it('drops the records of accounts and browsers once they are forgotten, so they stay bounded too', () => {
    for (let i = 0; i < 3_000; i++) t.throttle.fail([deviceKey(`device-${i}`)]);
    expect(t.throttle.size).toBe(3_000);
    t.advance(10 * MINUTE + 1);
    // Never more than twice the records that failed within forgetAfterMs.
    for (let i = 0; i < 1_200; i++) t.throttle.fail([userKey(i)]);
    expect(t.throttle.size).toBeLessThanOrEqual(2 * 1_200);
  });

  it('reads the real clock when none is injected', () => {
    const throttle = new LoginThrottle({ freeFailures: 1, baseDelayMs: MINUTE, maxDelayMs: MINUTE, forgetAfterMs: 10 * MINUTE });
    throttle.fail([ip]);
    const wait = throttle.waitMs([ip]);
    expect(wait).toBeGreaterThan(MINUTE - 5 * SECOND);
    expect(wait).toBeLessThanOrEqual(MINUTE);
  });
});
