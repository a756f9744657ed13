/**
 * What the UI tests that walk a screen as a person does share (the tests moved from the browser,
 * issue 46 item 7): axe-core on the page in jsdom, the console guard of the browser tests, the
 * text under an input, a field's text replaced as the browser's fill() does, and the answers of the
 * calls every screen of the shell makes (the home page's receivables, a list page).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { logout, portalQuietHandlers } from './harness';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/**
 * axe-core on the page as it is (dialogs, menus and notices are portalled into the body): its
 * serious and critical violations. jsdom has no layout: the colour contrast and the landmarks'
 * regions are the browser's accessibility crawl's (tests/e2e/accessibility.ts).
 */
export async function seriousAxe(context: axe.ElementContext = document.body) {
  const { violations } = await axe.run(context, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Issue 7 #16, no console error in normal use (the browser tests' console guard): every
 * `console.error` of a test fails it, but what the test declares with `allow`. React's warning of
 * a state update outside act() is the test renderer's own (no browser logs it): left out.
 * Call it at the top of the file, before the file's own hooks.
 */
export function consoleErrorGuard() {
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  const take = () => {
    const out = seen.filter((e) => !/not wrapped in act\(/.test(e) && !allowed.some((r) => r.test(e)));
    seen.length = 0;
    allowed.length = 0;
    return out;
  };
  beforeEach(() => {
    seen.length = 0;
    allowed.length = 0;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      seen.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    });
  });
  // registered first, so it runs after the file's own afterEach (cleanup, restoring the mocks)
  afterEach(() => {
    expect(take(), 'console errors').toEqual([]);
  });
  return {
    /** an error this test provokes on purpose (e.g. an HTTP error the app reports) */
    allow: (pattern: RegExp) => void allowed.push(pattern),
    /** the errors not allowed so far; the list starts over */
    take,
  };
}

/**
 * A file's fake API and its page's life: the console guard, the msw server listening (an unhandled
 * call fails the test), and after each test the page unmounted, the handlers a test added dropped,
 * the session ended, `after` (what else the file clears) and the spies restored.
 */
export function useFakeApi(server: SetupServer, after: () => void = () => undefined) {
  const guard = consoleErrorGuard();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    logout();
    after();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return guard;
}

/** The text under an input: its message, '' when none (react-admin's zero-width space or MUI's blank). */
export function helperText(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  if (!id) return '';
  return (document.getElementById(id.split(' ')[0]!)?.textContent ?? '').replace(/\u200b/g, '').trim();
}

/**
 * Replaces a field's text as the browser's fill() does: the text selected, then pasted over it —
 * one input event, no empty value in between (a clear then a paste let the empty value's
 * validation race the pasted text's once in a CI run). An empty `text` clears the field.
 */
export async function replaceText(user: User, input: HTMLElement, text: string) {
  if (!text) return user.clear(input);
  await user.tripleClick(input);
  await user.paste(text);
}

/** GET /api/customer/{id}/aml: a customer without an AML file (the card's 'Antiriciclaggio' section). */
export const emptyAmlFile = http.get('*/api/customer/:id/aml', ({ params }) =>
  HttpResponse.json({
    data: {
      customer_id: Number(params.id),
      current: null,
      history: [],
      overdue: false,
      identification: null,
      identifications: [],
      files: [],
      notes: [],
      notes_allowed: false,
      ceased_on: null,
      kept_until: null,
      due: [],
    },
  }),
);

/**
 * The customer card's other calls, with nothing in them: its open items (issue 29), its reminders
 * (issue 30), its 'Area clienti' (issue 50), the collaborators and the lists of its selects.
 */
export const quietCustomerCard = [
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  ...portalQuietHandlers,
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: {},
    }),
  ),
];

/** The row of a table that shows `text`. */
export const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;

/** The text of each cell of a row (the header cell included). */
export const cellsOf = (r: HTMLElement) => [...r.querySelectorAll('th, td')].map((c) => c.textContent);

/** Chooses an option of a labelled select. */
export async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The home page's AML card (issue 48) with nothing due and no self-assessment to redo. */
export const noAmlDue = [
  http.get('*/api/aml/checks/summary', () => HttpResponse.json({ data: { due: 0, late: 0 } })),
  http.get('*/api/aml/self_assessments', () =>
    HttpResponse.json({ data: { current: null, history: [], next_due: '2099-12-31', overdue: false, trainings: [] } }),
  ),
];

/** GET /api/receivables with nothing owed: the home page's summary above the menu cards. */
export const noReceivables = http.get('*/api/receivables', () =>
  HttpResponse.json({
    data: {
      total_owed: 0,
      overdue_customers: 0,
      overdue_amount: 0,
      top_debtors: [],
      monthly: [],
      aging: { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0, total: 0 },
    },
  }),
);

/** A list page's `item_meta_data` when every row may be selected, opened and deleted. */
export const ITEM_META = {
  can_add_new: true,
  expand_field: null,
  is_selectable: true,
  is_erasable: true,
  disable_edit_item: false,
  items: {},
};

/** A list page of these rows, all of them on one page (server/records/list.ts's shape). */
export const listPage = (data: Array<Record<string, unknown>>, meta: Partial<typeof ITEM_META> = {}) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
    item_meta_data: { ...ITEM_META, ...meta },
  });
