/** Shown to a logged-in user on a route their role may not open. */
import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';

import { DIALOG_WIDTH } from '../layout/ErrorDialog';

export interface UnauthorizedProps {
  /** default true */
  open?: boolean;
  /** when given, a 'Chiudi' button is shown too */
  onClose?: () => void;
}

export const Unauthorized = ({ open = true, onClose }: UnauthorizedProps) => {
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
      <DialogTitle id={`${id}-title`}>{translate('app.error.generic_title')}!!</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{translate('app.error.unauthorized')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {onClose && <Button onClick={onClose}>Chiudi</Button>}
        <Button component={LinkBase} to="/Menu">{translate('app.menu.home')}</Button>
        <Button component={LinkBase} to="/utente/login" variant="contained" autoFocus>
          Vai al login
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export default Unauthorized;
