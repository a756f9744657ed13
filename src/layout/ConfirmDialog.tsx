/** A yes/no question (the undoing of an SDD batch or of an import, the discarding of reminders…). */
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { TITLES } from '../bulk/texts';

/**
 * The question before an action that cannot be taken back: its title ('Attenzione!!' unless told),
 * its text, 'No' and the action's button. While `busy` it cannot be closed and both are disabled.
 * `children`, a field under the text (a note): the dialog is then as wide as it may be.
 */
export function ConfirmDialog({
  open,
  busy,
  titleId,
  title = TITLES.warning,
  text,
  no = 'No',
  yes,
  color = 'warning',
  onClose,
  onConfirm,
  children,
}: {
  open: boolean;
  busy: boolean;
  titleId: string;
  title?: string;
  text: ReactNode;
  no?: string;
  yes: string;
  color?: 'warning' | 'primary';
  onClose: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby={titleId} fullWidth={!!children}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={children ? { mb: 2 } : undefined}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {no}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={color}>
          {yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The thing asked about (a row to undo), the action run on 'Sì' and the dialog's state: `ask(x)`
 * opens the dialog, `dialog` goes to `ConfirmDialog`; while the action runs the dialog is busy, and
 * after it (done or failed: `onError`) it closes.
 */
export function useConfirm<T>(run: (asked: T) => Promise<unknown>, onError: (e: unknown) => void) {
  const [asked, ask] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      await run(asked);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
      ask(null);
    }
  };
  return { asked, ask, dialog: { open: asked != null, busy, onClose: () => ask(null), onConfirm } };
}
