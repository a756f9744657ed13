/**
 * The bearer tokens' check (server/auth/tokens.ts): a token verified once is remembered, so the
 * HMAC is not computed again on each request of its session (issue 45 item 27) — but an expired
 * token, a tampered one and one signed with another secret are refused whether or not a valid
 * token was seen before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tokens } from '../../server/auth/tokens.js';

const claims = {
  id: 7,
  email: 'mario@studio.test',
  name: 'Mario',
  role: 'Admin',
  studio_id: 3,
  studio_name: 'Studio',
  subscription_expire_date: null,
  sv: 2,
};
const SECRET = 'unit-test-secret-'.padEnd(48, 'x');

afterEach(() => vi.useRealTimers());

describe('Tokens.verify', () => {
  it('answers the claims of a valid token, the second time without checking the signature again', async () => {
    const tokens = new Tokens(SECRET, 1);
    const { token, jti } = await tokens.sign(claims);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ id: 7, studio_id: 3, sv: 2, jti });
    expect(verify).toHaveBeenCalledTimes(1);
    const again = await tokens.verify(token);
    expect(again).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = new Tokens(SECRET, 1);
    const { token, exp } = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 1) * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token changed after signing, and one of another secret, after the genuine one was remembered', async () => {
    const tokens = new Tokens(SECRET, 1);
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'SuperAdmin' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    const other = await new Tokens('another-secret-'.padEnd(48, 'y'), 1).sign(claims);
    expect(await tokens.verify(other.token)).toBeNull();
  });

  it('remembers a bounded number of tokens: the oldest is checked again after 5,000 others', async () => {
    const tokens = new Tokens(SECRET, 1);
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    for (let i = 0; i < 5000; i++) await tokens.verify((await tokens.sign({ ...claims, id: 100 + i })).token);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    expect(await tokens.verify(token)).not.toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });
});
