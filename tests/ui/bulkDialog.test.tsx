/**
 * The bulk actions' dialog and request (src/bulk/common.tsx): while the request runs the dialog
 * cannot be closed and 'Annulla' is disabled; once it is over the dialog closes again; a failure
 * becomes the catalogue's 'Errore!!' dialog with the action's text and the server's reason.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@mui/material';
import { BulkDialog, BulkErrorDialog, TEXTS, useBulkRequest, withReason } from '../../src/bulk/common';

function Action({ call }: { call: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  const { busy, error, setError, run } = useBulkRequest();
  return (
    <>
      {open ? null : <p>Chiuso</p>}
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={<Button onClick={() => void run(call, (e) => withReason(TEXTS.send, e))}>Esegui</Button>}
      >
        Contenuto
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}

describe('BulkDialog and useBulkRequest', () => {
  it("while the request runs: 'Annulla' disabled and Escape ignored; after it, the dialog closes", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    render(<Action call={() => new Promise<void>((resolve) => (finish = resolve))} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Contenuto');
    await user.click(screen.getByRole('button', { name: 'Esegui' }));
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annulla' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByText('Chiuso')).toBeInTheDocument();
  });

  it("a failure: 'Errore!!' with the action's text and the reason, closed by 'Ho Capito'", async () => {
    const user = userEvent.setup();
    render(<Action call={() => Promise.reject(new Error('casella piena'))} />);
    await user.click(screen.getByRole('button', { name: 'Esegui' }));
    const alert = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(alert).toHaveTextContent('Errore di invio... casella piena');
    await user.click(screen.getByRole('button', { name: 'Ho Capito' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Errore!!' })).not.toBeInTheDocument());
    // the action's dialog is still there, usable again
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeEnabled();
  });
});
