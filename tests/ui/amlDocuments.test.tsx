/**
 * The AML file's documents on the customer's card (issue 48 item 4, src/resources/Customer/
 * AmlDocuments.tsx) against a mocked API (msw; unknown calls fail the test): each of the four
 * buttons downloads its document from /api/customer/{id}/aml/… with the session's token and saves
 * it under the name the server gives; a refusal is told in a notice and the buttons come back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, Notification } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { AmlDocuments } from '../../src/resources/Customer/AmlDocuments';
import { login, logout } from './harness';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const calls: Array<{ path: string; auth: string | null }> = [];
let refuse = false;
const server = setupServer(
  http.get('*/api/customer/:id/aml/:document', ({ request, params }) => {
    calls.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') });
    if (refuse) return HttpResponse.json({ message: 'Non hai i permessi per questa operazione' }, { status: 403 });
    const name = `Documento_${String(params.document).replace('.', '_')}.${String(params.document).split('.')[1]}`;
    return new HttpResponse('contenuto', {
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${name}"` },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  refuse = false;
  vi.mocked(saveAs).mockClear();
  logout();
});
afterAll(() => server.close());

const ui = () =>
  render(
    <AdminContext dataProvider={dataProvider}>
      <AmlDocuments customerId={42} />
      <Notification />
    </AdminContext>,
  );

describe('AmlDocuments', () => {
  it('four buttons, each downloading its document with the session and saving it under the server’s name', async () => {
    const token = login('Collaboratore');
    const user = userEvent.setup();
    ui();
    const group = await screen.findByRole('group', { name: 'Documenti del fascicolo' });
    expect(group).toBeInTheDocument();
    const cases = [
      ['Dichiarazione (PDF)', '/api/customer/42/aml/declaration.pdf', 'Documento_declaration_pdf.pdf'],
      ['Dichiarazione (Word)', '/api/customer/42/aml/declaration.docx', 'Documento_declaration_docx.docx'],
      ['Fascicolo (PDF)', '/api/customer/42/aml/file.pdf', 'Documento_file_pdf.pdf'],
      ['Esporta fascicolo (zip)', '/api/customer/42/aml/export.zip', 'Documento_export_zip.zip'],
    ] as const;
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(cases.map(([label]) => label));
    for (const [i, [label, path, filename]] of cases.entries()) {
      const button = screen.getByRole('button', { name: label });
      expect(button).toHaveAttribute('type', 'button');
      await user.click(button);
      await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(i + 1));
      expect(calls[i]).toEqual({ path, auth: `Bearer ${token}` });
      expect(vi.mocked(saveAs).mock.calls[i]![1]).toBe(filename);
      await waitFor(() => expect(button).toBeEnabled());
    }
    expect(calls).toHaveLength(4);
  });

  it('a refusal is told in a notice, nothing is saved and the buttons come back', async () => {
    login('Collaboratore');
    refuse = true;
    const user = userEvent.setup();
    ui();
    await user.click(await screen.findByRole('button', { name: 'Fascicolo (PDF)' }));
    expect(await screen.findByText(/Documento non disponibile: Non hai i permessi/)).toBeInTheDocument();
    expect(saveAs).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fascicolo (PDF)' })).toBeEnabled());
  });
});
