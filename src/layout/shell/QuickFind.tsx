/**
 * Quick find (issue 16 item 3): the app bar's search button and its shortcut, Ctrl+K (Cmd+K on a
 * Mac), from anywhere in the app, form fields included. The dialog (QuickFindDialog) is loaded
 * when first opened.
 *
 * The dialog's chunk imports nothing but React: the MUI parts it shows, the search call and the
 * navigation are handed to it from here (`kit`). Each of them is already in the first load, and
 * a lazy chunk that imported them itself would make the bundler regroup the shared chunks they
 * sit in (about 4 KB more to download before the login page; see docs/decisions.md). For the
 * same reason the dialog is MUI's Modal with a Paper (role="dialog"), not Dialog (0.5 KB more).
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router-dom';
import { useAppDataProvider } from '../../dataProvider';
import { PARTS, type QuickFindKit } from './quickFindKit';

const QuickFindDialog = lazy(() => import('./QuickFindDialog'));

// the accessible name is the visible text (WCAG 2.5.3 label in name); icon-only on narrow screens, same name
const QUICK_FIND_LABEL = 'Cerca… (Ctrl+K)';

export function QuickFind() {
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
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
  const kit = useMemo<QuickFindKit>(
    () => ({
      ...PARTS,
      find: (q, signal) => dataProvider.quickFind(q, { signal }),
      go: (path) => navigate(path),
    }),
    [dataProvider, navigate],
  );
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
          <QuickFindDialog open={open} onClose={() => setOpen(false)} kit={kit} />
        </Suspense>
      )}
    </>
  );
}
