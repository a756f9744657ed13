/**
 * Quick find (issue 16 item 3): the app bar's search button and its shortcut, Ctrl+K (Cmd+K on a
 * Mac), from anywhere in the app, form fields included. The dialog (QuickFindDialog) is loaded
 * when first opened.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useHotkeys } from 'react-hotkeys-hook';

const QuickFindDialog = lazy(() => import('./QuickFindDialog'));

// the accessible name is the visible text (WCAG 2.5.3 label in name); icon-only on narrow screens, same name
const QUICK_FIND_LABEL = 'Cerca… (Ctrl+K)';

export function QuickFind() {
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that the dialog fades out when closed
  const [used, setUsed] = useState(false);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  // Ctrl+K is also the browser's search-bar shortcut: taken over while the app has the focus
  useHotkeys(['ctrl+k', 'meta+k'], show, {
    enableOnFormTags: true,
    enableOnContentEditable: true,
    preventDefault: true,
  });
  return (
    <>
      <Button
        color="inherit"
        onClick={show}
        aria-label={QUICK_FIND_LABEL}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        startIcon={<SearchIcon />}
        sx={{
          minWidth: 0,
          textTransform: 'none',
          mr: 1,
          '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          Cerca… (Ctrl+K)
        </Box>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <QuickFindDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
