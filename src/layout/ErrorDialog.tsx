/** Reusable modal error dialog (seed: generic dialog 'Attenzione' / 'Qualcosa è andato storto' / 'Ho Capito'). */
import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Dialog width of the product (seed A §9). */
export const DIALOG_WIDTH = 500;

export interface ErrorDialogProps {
  open: boolean;
  onClose: () => void;
  /** default 'Attenzione' */
  title?: ReactNode;
  /** default 'Qualcosa è andato storto' */
  text?: ReactNode;
  /** default 'Ho Capito' */
  buttonLabel?: ReactNode;
}

export const ErrorDialog = ({ open, onClose, title, text, buttonLabel }: ErrorDialogProps) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={`${id}-title`}>{title ?? translate('app.error.generic_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {text ?? translate('app.error.generic')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {buttonLabel ?? translate('app.error.understood')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
