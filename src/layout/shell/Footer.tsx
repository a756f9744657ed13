/** The application footer: application name and version. */
import { Box, Typography } from '@mui/material';

import { APP_VERSION, useAppName } from '../settings';

export const AppFooter = () => {
  const appName = useAppName();
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 1.5,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" component="p">
        {appName} · versione {APP_VERSION}
      </Typography>
    </Box>
  );
};
