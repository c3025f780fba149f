import { describe, expect, it } from 'vitest';
import { FailureCounter, LoginThrottle } from './login-throttle.js';

describe('FailureCounter', () => {
  it('refuses after the allowed failures until the window ends, then starts counting again', () => {
    let now = 0;
    const counter = new FailureCounter({ max: 2, windowMs: 1000 }, () => now);
    counter.fail('a');
    expect(counter.waitFor('a')).toBe(0);
    now = 400;
    counter.fail('a');
    expect(counter.waitFor('a')).toBe(600);
    expect(counter.waitFor('b')).toBe(0);
    now = 1000;
    expect(counter.waitFor('a')).toBe(0);
    counter.fail('a');
    expect(counter.waitFor('a')).toBe(0);
  });

  it('forgets a cleared key', () => {
    const counter = new FailureCounter({ max: 1, windowMs: 1000 }, () => 0);
    counter.fail('a');
    expect(counter.waitFor('a')).toBe(1000);
    counter.clear('a');
    expect(counter.waitFor('a')).toBe(0);
  });

  it('keeps its memory bounded when an attacker cycles through addresses', () => {
    let now = 0;
    const counter = new FailureCounter({ max: 1, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 150_000; i++) counter.fail(`10.${i}`);
    expect((counter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(100_000);
    // The newest are the ones kept.
    expect(counter.waitFor('10.149999')).toBeGreaterThan(0);
    now = 60_000;
    expect(counter.waitFor('10.149999')).toBe(0);
  });
});

describe('LoginThrottle', () => {
  it('counts an account per address, so failures from one address never block the account elsewhere', () => {
    const throttle = new LoginThrottle({ perAddressPerMinute: 100, perAccountAndAddressPer15Minutes: 3, now: () => 0 });
    for (let i = 0; i < 3; i++) throttle.failed('admin@planta.test', '203.0.113.9');
    expect(throttle.waitFor('ADMIN@planta.test', '203.0.113.9')).toBe(15 * 60_000);
    expect(throttle.waitFor('admin@planta.test', '198.51.100.4')).toBe(0);
  });
});
