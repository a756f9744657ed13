/**
 * Quick find (issue 16 item 3) on real screens of the whole app, against a mocked API (msw): Ctrl+K
 * on the customers list opens the dialog, a customer's VAT number typed with its country prefix
 * and blanks finds it, Enter opens its card (axe on the open dialog); Ctrl+K from a field of the
 * card opens it without typing in the field, the results under their headings, Esc closes it; on a
 * phone the app bar shows the icon only.
 *
 * Moved from the browser tests of tests/e2e/quickFind.test.ts (the same three tests). The dialog's
 * own behaviour (debounce, arrows, empty and failed states) is tests/ui/quickFind.test.tsx's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { location, login, portalQuietHandlers, queryOf, renderApp, shellHandlers } from './harness';
import { useFakeApi, listPage, noReceivables, noAmlDue, seriousAxe, emptyAmlFile } from './journeys';

// ---------------------------------------------------------------------------
// API mock: a few customers of Studio Demo, the quick find as the server answers it
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

const CUSTOMERS: Row[] = [
  {
    id: 12,
    cod: 'C012',
    business_name: 'Rossi Costruzioni S.r.l.',
    vat_id: '01234567890',
    fiscal_code: '01234567890',
    city: 'Milano',
    email: 'info@rossicostruzioni.it',
  },
  {
    id: 15,
    cod: 'C015',
    business_name: 'Rossini Dolciaria S.n.c.',
    vat_id: '09876543210',
    fiscal_code: '09876543210',
    city: 'Roma',
    email: 'amministrazione@rossinidolciaria.it',
  },
  {
    id: 21,
    cod: 'C021',
    business_name: 'Verdi Trasporti S.p.a.',
    vat_id: '05556667771',
    fiscal_code: '05556667771',
    city: 'Torino',
    email: 'verdi@trasporti.it',
  },
].map((c) => ({
  address: 'Via Roma 1',
  postal_code: '20100',
  pec: null,
  telephone: null,
  fax: null,
  mobile_number: null,
  yearly_number_of_installments: 4,
  yearly_accounting_amount: 1200,
  cedolino_rate: 0,
  acquisition_date: '2024-02-29',
  money_laundering_module_av1_enable_default_values: 0,
  sdi_code: '0000000',
  ceased: 0,
  legal_representative_id: 4,
  legal_representative: { id: 4, label: 'Mario Rossi' },
  legal_status_id: null,
  legal_status: null,
  collaborator_accounting_id: null,
  collaborator_accounting: null,
  collaborator_studio_jobs_id: null,
  collaborator_studio_jobs: null,
  note: null,
  created_at: '2024-02-29 09:00:00',
  updated_at: '2026-01-10 10:00:00.000000',
  deleted_at: null,
  trashed: false,
  ...c,
}));
/** The customer the tests look for (its VAT number has 11 digits, it is not ceased). */
const CUSTOMER = CUSTOMERS[0]!;
const LEGAL_REPRESENTATIVES = [
  { id: 4, name: 'Mario', surname: 'Rossi', fiscal_code: 'RSSMRA80A01H501U', city: 'Milano' },
];
const EINVOICES = [{ id: 3, number: '12', year: 2026, date: '03/02/2026', customer_id: 12 }];

/**
 * The server's quick find (server/areas/quickFind/queries.ts), enough of it for these rows: every
 * word in one of the fields, or a VAT number / fiscal code starting with the text without blanks
 * (also without its 'IT' prefix); customers, legal representatives, e-invoices in this order.
 */
function quickFind(q: string) {
  const words = q.trim().split(/\s+/).filter(Boolean);
  const compact = q.replace(/\s+/g, '').toUpperCase();
  const forms = [compact, ...(/^IT\d/.test(compact) ? [compact.slice(2)] : [])];
  const has = (fields: unknown[]) =>
    words.every((w) =>
      fields.some((f) =>
        String(f ?? '')
          .toLowerCase()
          .includes(w.toLowerCase()),
      ),
    );
  const code = (fields: unknown[]) => fields.some((f) => f && forms.some((x) => String(f).toUpperCase().startsWith(x)));
  const customers = CUSTOMERS.filter(
    (c) => has([c.business_name, c.vat_id, c.fiscal_code, c.email]) || code([c.vat_id, c.fiscal_code]),
  ).map((c) => ({
    kind: 'customer',
    id: c.id,
    title: c.business_name,
    subtitle: `P. IVA ${String(c.vat_id)} · ${String(c.city)}`,
    path: `/Customer/${String(c.id)}`,
  }));
  const representatives = LEGAL_REPRESENTATIVES.filter(
    (r) => has([r.name, r.surname, r.fiscal_code]) || code([r.fiscal_code]),
  ).map((r) => ({
    kind: 'legal_representative',
    id: r.id,
    title: `${r.name} ${r.surname}`,
    subtitle: `C.F. ${r.fiscal_code} · ${r.city}`,
    path: `/LegalRepresentative/${r.id}`,
  }));
  const invoices = EINVOICES.filter((e) => {
    const customer = CUSTOMERS.find((c) => c.id === e.customer_id);
    return e.number.includes(q.trim()) || has([customer?.business_name]);
  }).map((e) => ({
    kind: 'einvoice',
    id: e.id,
    title: `Fattura n. ${e.number}/${e.year}`,
    subtitle: `${String(CUSTOMERS.find((c) => c.id === e.customer_id)?.business_name)} · del ${e.date}`,
    path: `/EDocument/${e.id}`,
  }));
  return [...customers, ...representatives, ...invoices];
}

const listAnswer = (data: Row[]) => listPage(data);

/** every GET /api/quick_find, its URL */
const finds: string[] = [];
const server = setupServer(
  ...shellHandlers,
  // the menu page's summary of receivables (the phone test opens /Menu)
  noReceivables,
  ...noAmlDue,
  http.get('*/api/quick_find', ({ request }) => {
    finds.push(request.url);
    return HttpResponse.json({ data: quickFind(queryOf(request.url).q ?? '') });
  }),
  http.get('*/api/list/Customer/CustomerResourceListCollection', () => listAnswer(CUSTOMERS)),
  http.get('*/api/customers/:id', ({ params }) => {
    const row = CUSTOMERS.find((c) => String(c.id) === params.id);
    return row ? HttpResponse.json({ data: row }) : HttpResponse.json({ message: 'Non trovato' }, { status: 404 });
  }),
  // the card's open items (issue 29) and reminders (issue 30): none
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  // the customer card's 'Area clienti' (issue 50): nobody invited
  ...portalQuietHandlers,
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [{ id: 7, name: 'Laura Neri' }] })),
  http.get('*/api/list/LegalRepresentative/:collection', () =>
    listAnswer(LEGAL_REPRESENTATIVES.map((r) => ({ id: r.id, label: `${r.name} ${r.surname}`, trashed: false }))),
  ),
  // the other select lists and filters of the list and the card
  http.get('*/api/list/:model/:collection', () => listAnswer([])),
);

/**
 * What would be console errors in the browser (the browser test failed on any). React's warning
 * about an update outside act() is the test environment's own (jsdom, no browser logs it): left out.
 */
useFakeApi(server);
beforeEach(() => {
  finds.length = 0;
  login('Admin');
});

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const SEARCH = 'Cerca clienti, legali rappresentanti, fatture';
const dialog = () => screen.findByRole('dialog', { name: 'Ricerca rapida' });
const searchBox = (d: HTMLElement) => within(d).getByRole('combobox', { name: SEARCH });
const businessName = () => screen.getByRole('textbox', { name: /^Ragione Sociale( \*)?$/ });

/** The dialog and its backdrop have faded in (opacity 1), as the browser test waited for. */
async function quickFindShown(d: HTMLElement) {
  const backdrop = d.closest('.MuiModal-root')!.querySelector<HTMLElement>('.MuiBackdrop-root')!;
  await waitFor(() => {
    expect(getComputedStyle(d).opacity).toBe('1');
    expect(getComputedStyle(backdrop).opacity).toBe('1');
  });
}

/** Whether `el` matches a selector list; a pseudo-element's selector (jsdom knows none) does not. */
const matches = (el: Element, selectors: string) =>
  selectors.split(',').some((s) => !s.includes('::') && el.matches(s));

/**
 * The `display` an element gets from the style sheets on a screen where `matchMedia` answers the
 * media queries (jsdom applies no `@media` rule with a condition: MUI's breakpoints are all such
 * rules). The rules of equal weight (emotion's one class each) in document order, the last wins.
 */
function displayAt(el: Element, matchMedia: (query: string) => MediaQueryList = window.matchMedia) {
  let display = '';
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) {
        if (matchMedia(rule.media.mediaText).matches) walk(rule.cssRules);
      } else if (rule instanceof CSSStyleRule && rule.style.display && matches(el, rule.selectorText)) {
        display = rule.style.display;
      }
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules);
  return (el as HTMLElement).style.display || display || 'inline';
}

/** `window.matchMedia` answering as a screen `width` px wide (min-/max-width queries; others false). */
function matchMediaAt(width: number) {
  return (query: string) => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    const matches =
      conditions.length > 0 &&
      !/prefers-|orientation|print/.test(query) &&
      conditions.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('quick find on the screens', () => {
  it("Ctrl+K on the customers list, a VAT number, Enter: the customer's card opens; axe finds nothing on the dialog", async () => {
    const user = userEvent.setup();
    renderApp('/table/Customer');
    expect(await screen.findByText(String(CUSTOMER.business_name))).toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const d = await dialog();
    const input = searchBox(d);
    await waitFor(() => expect(input).toHaveFocus());
    // typed as people often write it: with the country prefix and blanks
    const vat = String(CUSTOMER.vat_id);
    const typed = `IT ${vat.slice(0, 5)} ${vat.slice(5)}`;
    await user.keyboard(typed);
    const listbox = await within(d).findByRole('listbox', { name: SEARCH });
    // the text went to the server as typed, once (the server reads the prefix and the blanks)
    expect(finds.map((u) => queryOf(u).q)).toEqual([typed]);
    const first = within(listbox).getAllByRole('option')[0]!;
    expect(first).toHaveTextContent(String(CUSTOMER.business_name));
    expect(first).toHaveTextContent(`P. IVA ${vat}`);
    // highlighted (MUI's autoHighlight sets it in an effect after the listbox is painted)
    await waitFor(() => expect(first).toHaveAttribute('aria-selected'));
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    const heading = within(d).getByText('Clienti', { exact: true });
    expect(heading).toBeVisible();
    await quickFindShown(d);
    // the result is shown in the dialog (not hidden by it), named for assistive technology
    expect(first).toBeVisible();
    expect(d).toContainElement(first);
    expect(await seriousAxe()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current.pathname).toBe(`/Customer/${String(CUSTOMER.id)}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByDisplayValue(String(CUSTOMER.business_name))).toBe(businessName());
  });

  it('Ctrl+K while a field of the card has the focus opens the dialog without typing in the field; Esc closes it', async () => {
    const user = userEvent.setup();
    renderApp(`/Customer/${String(CUSTOMER.id)}`);
    expect(await screen.findByDisplayValue(String(CUSTOMER.business_name))).toBe(businessName());
    const name = businessName();
    name.focus();
    expect(name).toHaveFocus();
    await user.keyboard('{Control>}k{/Control}');
    const d = await dialog();
    const input = searchBox(d);
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('zzzzqq');
    expect(
      await within(d).findByText('Nessun risultato', { selector: '.MuiAutocomplete-noOptions' }),
    ).toBeInTheDocument();
    // a surname: the groups the API answers, under their headings, in its order
    const surname = String(CUSTOMER.business_name).split(' ')[0]!;
    await user.clear(input);
    await user.type(input, surname);
    const hits = quickFind(surname);
    expect(hits.length).toBeGreaterThan(0);
    const headings: Record<string, string> = {
      customer: 'Clienti',
      legal_representative: 'Legali rappresentanti',
      einvoice: 'Fatture elettroniche',
    };
    const listbox = await within(d).findByRole('listbox', { name: SEARCH });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(hits.length));
    expect(finds.map((u) => queryOf(u).q)).toEqual(['zzzzqq', surname]);
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual([...new Set(hits.map((h) => headings[h.kind]))]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // nothing was typed in the card's field, which keeps its value; still on the card
    expect(businessName()).toHaveValue(String(CUSTOMER.business_name));
    expect(location.current.pathname).toBe(`/Customer/${String(CUSTOMER.id)}`);
  });

  it('on a phone the app bar shows the search icon only, still named for assistive technology', async () => {
    // a phone 390 px wide, for this test only
    const desktop = window.matchMedia;
    window.matchMedia = matchMediaAt(390);
    try {
      expect(window.matchMedia('(max-width:599.95px)').matches).toBe(true);
      expect(window.matchMedia('(min-width:900px)').matches).toBe(false);
      const user = userEvent.setup();
      renderApp('/Menu');
      const button = await screen.findByRole('button', { name: 'Cerca… (Ctrl+K)' });
      // the text is not shown at this width (on a desktop it is: the check itself reads the breakpoints)
      const text = within(button).getByText('Cerca… (Ctrl+K)');
      expect(displayAt(text)).toBe('none');
      expect(displayAt(text, matchMediaAt(1400))).toBe('inline');
      // only the icon is: nothing else of the button shows (the browser test: no text, narrower than 56 px)
      const shown = [...button.children].filter((c) => displayAt(c) !== 'none');
      expect(shown).toHaveLength(1);
      expect(shown[0]).toHaveClass('MuiButton-startIcon');
      expect(shown[0]!.querySelector('svg')).not.toBeNull();
      await user.click(button);
      const d = await dialog();
      await quickFindShown(d);
      await waitFor(() => expect(searchBox(d)).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      window.matchMedia = desktop;
    }
  });
});
