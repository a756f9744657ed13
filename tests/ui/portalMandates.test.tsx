/**
 * 'Mandati SEPA firmati online' (issue 50 item 4, src/resources/Customer/PortalMandates.tsx) against a
 * mocked API (msw; unknown calls and console errors fail the test): the customer's signatures with
 * the mandate's reference and IBAN in groups of four, who signed and when, the IP with the browser
 * and the PDF's SHA-256, the mandate's state ('Attivo', 'Revocato', in the trash); 'PDF' downloads the
 * mandate as signed under the server's file name, a failed download says why; the empty state; a
 * list that cannot be read says so. Every button is type="button" (the card's form is around it).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, Notification } from 'react-admin';
import { login } from './harness';
import { cellsOf, rowOf, seriousAxe, useFakeApi } from './journeys';
import type { PortalMandateSignature } from '../../model/api/portalMandates';
import { dataProvider } from '../../src/dataProvider';
import { PortalMandates } from '../../src/resources/Customer/PortalMandates';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const signature = (
  over: Partial<PortalMandateSignature> & Pick<PortalMandateSignature, 'id' | 'reference'>,
): PortalMandateSignature => ({
  mandate_id: over.id + 100,
  iban: 'IT42L1234512345123456789012',
  signer_name: 'Carla Alfa',
  signer_email: 'carla@alfa.it',
  signed_at: '2026-05-12 10:32:00',
  ip: '93.44.12.7',
  user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
  sha256: 'b'.repeat(64),
  status: 'active',
  trashed: false,
  ...over,
});

const ROWS: PortalMandateSignature[] = [
  signature({ id: 8, reference: 'MND-WEB-5-20260512-K7Q2XZ' }),
  signature({
    id: 7,
    reference: 'MND-WEB-5-20260301-ABCDEF',
    iban: 'IT60X0542811101000000123456',
    signer_name: 'Marco Alfa',
    signer_email: 'marco@alfa.it',
    signed_at: '2026-03-01 18:05:00',
    ip: null,
    user_agent: null,
    sha256: 'c'.repeat(64),
    status: 'revoked',
    trashed: true,
  }),
];

let rows: PortalMandateSignature[] = [...ROWS];
let calls: string[] = [];
/** the answer to the next list or download (the default answers the fixtures) */
let listAnswer: (() => Response) | null = null;
let pdfAnswer: (() => Response) | null = null;

const server = setupServer(
  http.get('*/api/customer/:id/portal/mandates', ({ params }) => {
    calls.push(`GET /api/customer/${params.id}/portal/mandates`);
    return listAnswer ? listAnswer() : HttpResponse.json({ data: rows });
  }),
  http.get('*/api/customer/:id/portal/mandates/:signatureId/pdf', ({ params }) => {
    calls.push(`GET /api/customer/${params.id}/portal/mandates/${params.signatureId}/pdf`);
    if (pdfAnswer) return pdfAnswer();
    return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="Mandato_SDD_MND-WEB-5-20260512-K7Q2XZ_firmato.pdf"`,
      },
    });
  }),
);

const guard = useFakeApi(server, () => {
  rows = [...ROWS];
  calls = [];
  listAnswer = null;
  pdfAnswer = null;
  vi.mocked(saveAs).mockClear();
});

function renderMandates() {
  login('Collaboratore');
  return render(
    <AdminContext dataProvider={dataProvider}>
      <PortalMandates customerId={5} />
      <Notification />
    </AdminContext>,
  );
}

const TABLE = 'Mandati SEPA firmati online';

describe("'Mandati SEPA firmati online' on the customer's card", () => {
  it("lists the signatures: reference, IBAN, who signed and when, IP with the browser and the PDF's SHA-256, the mandate's state", async () => {
    renderMandates();
    const section = await screen.findByRole('region', { name: TABLE });
    const table = await within(section).findByRole('table', { name: TABLE });
    expect(calls).toEqual(['GET /api/customer/5/portal/mandates']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Riferimento', 'IBAN', 'Firmato da', 'Firmato il', 'IP', 'Stato', 'PDF']);
    expect(cellsOf(rowOf(table, 'MND-WEB-5-20260512-K7Q2XZ'))).toEqual([
      'MND-WEB-5-20260512-K7Q2XZ',
      'IT42 L123 4512 3451 2345 6789 012',
      'Carla Alfacarla@alfa.it',
      '12-05-2026 10:32',
      `93.44.12.7Browser: Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)SHA-256 del PDF: ${'b'.repeat(64)}`,
      'Attivo',
      'PDF',
    ]);
    const old = cellsOf(rowOf(table, 'MND-WEB-5-20260301-ABCDEF'));
    expect(old[1]).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(old[4]).toBe(`—SHA-256 del PDF: ${'c'.repeat(64)}`);
    expect(old[5]).toBe('RevocatoNel cestino');
    for (const b of within(section).getAllByRole('button')) expect(b).toHaveAttribute('type', 'button');
    expect(await seriousAxe(section)).toEqual([]);
  });

  it("'PDF' downloads the mandate as signed, under the server's file name; a failed download says why", async () => {
    const user = userEvent.setup();
    renderMandates();
    const table = await screen.findByRole('table', { name: TABLE });
    await user.click(
      within(rowOf(table, 'MND-WEB-5-20260512-K7Q2XZ')).getByRole('button', {
        name: 'Scarica il PDF del mandato MND-WEB-5-20260512-K7Q2XZ firmato',
      }),
    );
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(calls).toContain('GET /api/customer/5/portal/mandates/8/pdf');
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Mandato_SDD_MND-WEB-5-20260512-K7Q2XZ_firmato.pdf');
    const blob = vi.mocked(saveAs).mock.calls[0]![0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));

    guard.allow(/Risorsa non trovata/);
    pdfAnswer = () => HttpResponse.json({ message: 'Risorsa non trovata' }, { status: 404 });
    await user.click(
      within(rowOf(table, 'MND-WEB-5-20260301-ABCDEF')).getByRole('button', {
        name: 'Scarica il PDF del mandato MND-WEB-5-20260301-ABCDEF firmato',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Risorsa non trovata');
    expect(calls).toContain('GET /api/customer/5/portal/mandates/7/pdf');
    expect(saveAs).toHaveBeenCalledTimes(1);
  });

  it('says so when no mandate was signed online', async () => {
    rows = [];
    renderMandates();
    expect(
      await screen.findByText('Nessun mandato SEPA firmato online dalle persone del cliente.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the list cannot be read', async () => {
    guard.allow(/Operazione non consentita/);
    listAnswer = () => HttpResponse.json({ message: 'Operazione non consentita' }, { status: 403 });
    renderMandates();
    expect(
      await screen.findByText(/Mandati firmati online non disponibili: Operazione non consentita/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
