/** The 'new version available' snackbar, shown when the served build differs from the compiled one. */
import { useEffect, useState } from 'react';
import { Button, IconButton, Snackbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import CloseIcon from '@mui/icons-material/Close';

import { useClientVar } from '../settings';

/** Id of the compiled build (Vite `define`); 'dev' / 'test' outside real builds. */
declare const __BUILD_ID__: string;

/** 'Nuova versione disponibile!' when the served build differs from the compiled one. */
export const UpdateSnackbar = () => {
  const translate = useTranslate();
  const { data, refetch } = useClientVar({ poll: true });
  const [dismissed, setDismissed] = useState<string | null>(null);
  // react-query only listens to 'visibilitychange': re-read the settings on window focus too
  useEffect(() => {
    const onFocus = () => {
      void refetch();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  const compiled = typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__;
  const served = data?.BUILD_ID;
  const open = !!served && served !== 'dev' && served !== compiled && served !== dismissed;
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={translate('app.update.available')}
      action={
        <>
          <Button color="secondary" variant="contained" size="small" onClick={() => window.location.reload()}>
            {translate('app.update.reload')}
          </Button>
          <IconButton size="small" color="inherit" aria-label="Chiudi" onClick={() => setDismissed(served ?? null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
};
