/** Shown to a logged-in user on a route their role may not open. */
import { Button } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';

import { AppDialog } from '../layout/ErrorDialog';
import { useDocumentTitle } from '../layout/PageTitle';

export interface UnauthorizedProps {
  /** default true */
  open?: boolean;
  /** when given, a 'Chiudi' button is shown too */
  onClose?: () => void;
}

export const Unauthorized = ({ open = true, onClose }: UnauthorizedProps) => {
  const translate = useTranslate();
  useDocumentTitle('Accesso non autorizzato');
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={`${translate('app.error.generic_title')}!!`}
      text={translate('app.error.unauthorized')}
      actions={
        <>
          {onClose && <Button onClick={onClose}>Chiudi</Button>}
          <Button component={LinkBase} to="/Menu">
            {translate('app.menu.home')}
          </Button>
          <Button component={LinkBase} to="/utente/login" variant="contained" autoFocus>
            Vai al login
          </Button>
        </>
      }
    />
  );
};

export default Unauthorized;
