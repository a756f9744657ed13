/**
 * The close header of the screens opened from elsewhere (record forms, account statement,
 * saved payslips; seed A §2): breadcrumbs and a close button that goes back.
 */
import { Box, Breadcrumbs, Link, Typography } from '@mui/material';
import { TooltipIconButton } from './TooltipIconButton';
import CloseIcon from '@mui/icons-material/Close';
import { LinkBase } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Whether going back one page stays in the application. In the browser React Router numbers
 * the entries it pushes (`history.state.idx`): 0 means this is the first page of the tab (a
 * bookmark, a new tab) and going back would leave the application. Elsewhere (a memory router)
 * the first entry is the one whose location key is 'default'.
 */
export function useCanGoBack(): () => boolean {
  const location = useLocation();
  return () => {
    const state = window.history.state as { idx?: number; key?: string } | null;
    if (typeof state?.idx === 'number' && state.key === location.key) return state.idx > 0;
    return location.key !== 'default';
  };
}

/** Back one page when that stays in the application, else to `fallback` (replacing the current entry). */
export function useGoBack(): (fallback: string) => void {
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return (fallback) => {
    if (canGoBack()) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

export function CloseHeader({
  crumbs,
  fallback,
}: {
  crumbs: Crumb[];
  /** where 'close' goes when there is no page to go back to */ fallback: string;
}) {
  const goBack = useGoBack();
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, minWidth: 0 }}
      data-testid="close-header"
    >
      <Breadcrumbs aria-label="Percorso" sx={{ flexGrow: 1, minWidth: 0, '& ol': { flexWrap: 'wrap' } }}>
        {crumbs.map((c, i) =>
          i < crumbs.length - 1 && c.to ? (
            <Link key={`${c.label}-${i}`} component={LinkBase} to={c.to} underline="hover" color="inherit">
              {c.label}
            </Link>
          ) : (
            <Typography
              key={`${c.label}-${i}`}
              color="text.primary"
              aria-current={i === crumbs.length - 1 ? 'page' : undefined}
            >
              {c.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
      <TooltipIconButton title="Chiudi" onClick={() => goBack(fallback)}>
        <CloseIcon />
      </TooltipIconButton>
    </Box>
  );
}
