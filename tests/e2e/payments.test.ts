/**
 * Subscription payment in Chromium (issue 14, done-when): the Admin of Studio Demo chooses 3
 * months on /pay_init (total and new expiry shown before paying), approves on the sandbox's page,
 * is back on /pay_return with the new expiry — moved by 3 months exactly once: opening the return
 * page again changes nothing — and finds the payment in the history.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { newExpiry } from '../../model/subscription';
import { displayDate, today } from '../../model/dates';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
beforeAll(async () => {
  s = await openSession(STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('subscription payment in Chromium', () => {
  it('14 a sandbox payment of 3 months extends the expiry by 3 months, once', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/pay_init`);
    await page.getByRole('heading', { name: "Rinnova l'abbonamento" }).waitFor();
    const current = await page.evaluate(async () => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('gs_token='))!
          .slice('gs_token='.length),
      );
      const r = await fetch('/api/studio_logged', { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()).data.subscription_expire_date as string | null;
    });
    await page.getByRole('combobox', { name: 'Mesi di abbonamento' }).click();
    await page.getByRole('option', { name: '3 mesi', exact: true }).click();
    // the menu fades out: its options leave the page only when the transition ends (axe would see them)
    await expect.poll(() => page.locator('li[role="option"], .MuiPopover-root').count()).toBe(0);
    const expected = newExpiry(current, today(), 3);
    await expect.poll(() => page.getByTestId('pay-new-expiry').innerText()).toBe(displayDate(expected));
    await expect.poll(() => page.getByTestId('pay-total').innerText()).toMatch(/89,70\s€/);
    await page.screenshot({ path: join(SHOTS, 'pay-init.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Paga con Sandbox/ }).click();
    await page.waitForURL(/\/api\/sandbox\/checkout\/SBX-/);
    await page.screenshot({ path: join(SHOTS, 'pay-sandbox.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approva il pagamento' }).click();
    await page.waitForURL(/\/pay_return\?token=SBX-/);
    await page.getByText('Pagamento completato').waitFor();
    await page.getByText(`Il tuo abbonamento ora scade il ${displayDate(expected)}.`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'pay-return.png'), fullPage: true });
    // the return page opened again (a reload, a bookmark): the same answer, no second extension
    await page.reload();
    await page.getByText(`Il tuo abbonamento ora scade il ${displayDate(expected)}.`).waitFor();
    await page.goto(`${server.url}/table/PaymentLog`);
    const row = page.locator('tbody tr').filter({ hasText: 'Sandbox (prova)' });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().innerText()).toContain(displayDate(expected));
  });
});
