/** Home after login (/Menu): the menu tree of GET /api/menu_items as cards. */
import { lazy, Suspense } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { LinkBase, usePermissions, useTranslate } from 'react-admin';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { ScreenTitle } from '../layout/PageTitle';

import { menuIcon, useMenuItems, usePreloadMenuScreens } from '../layout/AppMenu';
import type { MenuNode } from '../../model/api/shell';
import { ReceivablesOverview } from '../areas/accounts/Receivables';
import { AmlHomeOverview } from '../areas/aml/AmlHome';
import { PortalMessagesHome } from '../areas/portal/MessagesHome';
import { atLeast } from '../../model/define';

/** 'Redditività dei clienti' (issue 49), the Admin's: its own chunk, fetched only for the Admin */
const ProfitabilityHome = lazy(() => import('../areas/profitability/ProfitabilityHome'));
const ProfitabilityHomeCard = () => {
  const { permissions } = usePermissions<{ role?: string }>();
  if (!atLeast(permissions?.role ?? undefined, 'Admin')) return null;
  return (
    <Suspense fallback={null}>
      <ProfitabilityHome />
    </Suspense>
  );
};

const EntryLinks = ({ nodes, depth = 0 }: { nodes: MenuNode[]; depth?: number }) => (
  <List dense disablePadding sx={depth ? { pl: 2 } : undefined}>
    {nodes.map((node, i) => (
      <Box component="li" key={`${node.title}-${i}`} sx={{ listStyle: 'none' }}>
        {node.link ? (
          <ListItemButton component={LinkBase} to={node.link} sx={{ borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>{menuIcon(node.icon, false, { fontSize: 'small' })}</ListItemIcon>
            <ListItemText primary={node.title} secondary={node.sub_title || undefined} />
          </ListItemButton>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.75 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>{menuIcon(node.icon, true, { fontSize: 'small' })}</ListItemIcon>
            <Typography variant="subtitle2" component="h3">
              {node.title}
            </Typography>
          </Box>
        )}
        {node.children && node.children.length > 0 && <EntryLinks nodes={node.children} depth={depth + 1} />}
      </Box>
    ))}
  </List>
);

/**
 * A card per top-level entry. An entry with sub-entries lists them; an entry that is itself a
 * link (Cedolini, Fatture elettroniche, Il mio profilo) is one compact clickable card with a
 * chevron, so it looks and acts like a link and leaves no empty box.
 */
const EntryCard = ({ node }: { node: MenuNode }) => {
  const children = node.children ?? [];
  const header = (
    <CardHeader
      avatar={
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {menuIcon(node.icon, children.length > 0)}
        </Avatar>
      }
      title={node.title}
      subheader={node.sub_title || undefined}
      action={
        node.link && !children.length ? (
          <ChevronRightIcon color="action" aria-hidden="true" sx={{ mt: 1 }} />
        ) : undefined
      }
      slotProps={{ title: { variant: 'h6', component: 'h2' } }}
    />
  );
  if (node.link && !children.length) {
    return (
      <Card
        component="section"
        aria-label={node.title}
        variant="outlined"
        sx={{
          transition: 'box-shadow .15s, border-color .15s',
          '&:hover, &:focus-within': { borderColor: 'primary.main', boxShadow: 2 },
        }}
      >
        <CardActionArea component={LinkBase} to={node.link} data-testid="menu-card-link">
          {header}
        </CardActionArea>
      </Card>
    );
  }
  return (
    <Card component="section" aria-label={node.title}>
      {node.link ? (
        <CardActionArea component={LinkBase} to={node.link}>
          {header}
        </CardActionArea>
      ) : (
        header
      )}
      {children.length > 0 && (
        <CardContent sx={{ pt: 0 }}>
          <EntryLinks nodes={children} />
        </CardContent>
      )}
    </Card>
  );
};

export const MenuPage = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useMenuItems();
  // the sidebar may be closed (a narrow window): the cards are the menu shown
  usePreloadMenuScreens(data);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <ScreenTitle title={translate('app.menu.home')} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        Menu
      </Typography>
      <ReceivablesOverview />
      <AmlHomeOverview />
      <PortalMessagesHome />
      <ProfitabilityHomeCard />
      {error ? (
        <Alert severity="error">{translate('app.error.load')}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
            // each card as tall as its own entries, not stretched to the tallest of its row
            alignItems: 'start',
          }}
        >
          {isPending
            ? [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={160} />)
            : (data ?? []).map((node, i) => <EntryCard key={`${node.title}-${i}`} node={node} />)}
        </Box>
      )}
    </Box>
  );
};

export default MenuPage;
