import { describe, expect, it } from 'vitest';
import { BEACON_SCRIPT } from './beacon-script';

describe('the page-view beacon', () => {
  it('stays within 600 bytes and touches no cookie or storage', () => {
    expect(Buffer.byteLength(BEACON_SCRIPT)).toBeLessThanOrEqual(600);
    expect(BEACON_SCRIPT).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
    expect(BEACON_SCRIPT).toContain('navigator.sendBeacon');
  });
});
