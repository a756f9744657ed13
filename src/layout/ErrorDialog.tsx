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

/** The product's dialog frame: width 500, title and text wired for screen readers, actions. */
export const AppDialog = ({
  open,
  onClose,
  title,
  text,
  actions,
}: {
  open: boolean;
  onClose?: () => void;
  title: ReactNode;
  text: ReactNode;
  actions: ReactNode;
}) => {
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
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {/* focusable: a long result (a bulk action's table) scrolls, and must scroll by keyboard too */}
      <DialogContent tabIndex={0}>
        <DialogContentText id={`${id}-text`} component="div">
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};

/** A message to acknowledge: its one button ('Ho Capito', focused) closes it. */
export const AcknowledgeDialog = ({
  open,
  onClose,
  title,
  text,
  buttonLabel = 'Ho Capito',
  contained = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  text: ReactNode;
  buttonLabel?: ReactNode;
  /** the button filled (the catalogue's error dialogs) rather than a text button */
  contained?: boolean;
}) => (
  <AppDialog
    open={open}
    onClose={onClose}
    title={title}
    text={text}
    actions={
      <Button onClick={onClose} variant={contained ? 'contained' : undefined} autoFocus>
        {buttonLabel}
      </Button>
    }
  />
);

export const ErrorDialog = ({ open, onClose, title, text, buttonLabel }: ErrorDialogProps) => {
  const translate = useTranslate();
  return (
    <AcknowledgeDialog
      open={open}
      onClose={onClose}
      title={title ?? translate('app.error.generic_title')}
      text={text ?? translate('app.error.generic')}
      buttonLabel={buttonLabel ?? translate('app.error.understood')}
      contained
    />
  );
};
