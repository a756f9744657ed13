/**
 * Sidebar menu: 'Home' (→ /Menu) plus the server's tree from GET /api/menu_items,
 * with collapsible parents and one link per leaf.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Collapse, List, ListItemIcon, MenuItem, Typography, type SvgIconProps } from '@mui/material';
import { Menu, useLocation, useSidebarState, useTranslate, type MenuProps } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import FolderIcon from '@mui/icons-material/Folder';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
// icons named by model/menu.ts (imported one by one: never the whole icons index)
import ContactsIcon from '@mui/icons-material/Contacts';
import PolicyIcon from '@mui/icons-material/Policy';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PeopleIcon from '@mui/icons-material/People';
import BadgeIcon from '@mui/icons-material/Badge';
import WorkIcon from '@mui/icons-material/Work';
import GavelIcon from '@mui/icons-material/Gavel';
import PaymentsIcon from '@mui/icons-material/Payments';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import EuroIcon from '@mui/icons-material/Euro';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestPageIcon from '@mui/icons-material/RequestPage';
import ReceiptIcon from '@mui/icons-material/Receipt';
import AssignmentIcon from '@mui/icons-material/Assignment';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ChecklistIcon from '@mui/icons-material/Checklist';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import DescriptionIcon from '@mui/icons-material/Description';
import BusinessIcon from '@mui/icons-material/Business';
import StoreIcon from '@mui/icons-material/Store';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SavingsIcon from '@mui/icons-material/Savings';
import EventNoteIcon from '@mui/icons-material/EventNote';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import HistoryIcon from '@mui/icons-material/History';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ScienceIcon from '@mui/icons-material/Science';
import PreviewIcon from '@mui/icons-material/Preview';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import SecurityIcon from '@mui/icons-material/Security';
import ArticleIcon from '@mui/icons-material/Article';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import TerminalIcon from '@mui/icons-material/Terminal';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import OutboxIcon from '@mui/icons-material/Outbox';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import HandshakeIcon from '@mui/icons-material/Handshake';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import TimerIcon from '@mui/icons-material/Timer';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import InsightsIcon from '@mui/icons-material/Insights';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import SellIcon from '@mui/icons-material/Sell';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import ForumIcon from '@mui/icons-material/Forum';
import ChatIcon from '@mui/icons-material/Chat';

import { dataProvider } from '../dataProvider';
import { onIdle } from '../lazyPreloadable';
import { preloadMenuScreens } from '../lazyScreens';

import type { MenuNode } from '../../model/api/shell';

type IconComponent = (props: SvgIconProps) => ReactNode;

/** MUI icons by name: every icon used in model/menu.ts, plus Home. */
export const MENU_ICONS: Record<string, IconComponent> = {
  Home: HomeIcon,
  Contacts: ContactsIcon,
  Policy: PolicyIcon,
  FactCheck: FactCheckIcon,
  People: PeopleIcon,
  Badge: BadgeIcon,
  Work: WorkIcon,
  Gavel: GavelIcon,
  Payments: PaymentsIcon,
  AccountBalance: AccountBalanceIcon,
  TaskAlt: TaskAltIcon,
  Euro: EuroIcon,
  ReceiptLong: ReceiptLongIcon,
  RequestPage: RequestPageIcon,
  Receipt: ReceiptIcon,
  Assignment: AssignmentIcon,
  EventAvailable: EventAvailableIcon,
  Dashboard: DashboardIcon,
  Checklist: ChecklistIcon,
  RequestQuote: RequestQuoteIcon,
  Description: DescriptionIcon,
  Business: BusinessIcon,
  Store: StoreIcon,
  ManageAccounts: ManageAccountsIcon,
  Savings: SavingsIcon,
  EventNote: EventNoteIcon,
  NotificationsActive: NotificationsActiveIcon,
  History: HistoryIcon,
  ShoppingCart: ShoppingCartIcon,
  Science: ScienceIcon,
  Preview: PreviewIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  Security: SecurityIcon,
  Article: ArticleIcon,
  PointOfSale: PointOfSaleIcon,
  Terminal: TerminalIcon,
  AccountCircle: AccountCircleIcon,
  Outbox: OutboxIcon,
  UploadFile: UploadFileIcon,
  Handshake: HandshakeIcon,
  EventRepeat: EventRepeatIcon,
  Timer: TimerIcon,
  CalendarViewWeek: CalendarViewWeekIcon,
  Insights: InsightsIcon,
  PriceChange: PriceChangeIcon,
  Sell: SellIcon,
  ShowChart: ShowChartIcon,
  Forum: ForumIcon,
  Chat: ChatIcon,
  NoteAdd: NoteAddIcon,
};

/** The icon element of a menu entry; unknown names fall back to a folder (parents) or a chevron (leaves). */
export function menuIcon(name: string | null | undefined, isParent = false, props: SvgIconProps = {}): ReactNode {
  const Icon = (name && MENU_ICONS[name]) || (isParent ? FolderIcon : ChevronRightIcon);
  return <Icon aria-hidden="true" {...props} />;
}

export const MENU_ITEMS_QUERY_KEY = ['shell', 'menu_items'] as const;

/** GET /api/menu_items → the menu tree of the logged user. */
export function useMenuItems() {
  return useQuery({
    queryKey: MENU_ITEMS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.menuItems({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const linksOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [...(n.link ? [n.link] : []), ...linksOf(n.children ?? [])]);

/**
 * The menu's entries shown (the sidebar or the home page's cards): while the app is idle, the code
 * of the screens they open is fetched, so that a click on an entry waits for its data only.
 */
export function usePreloadMenuScreens(nodes: MenuNode[] | undefined) {
  useEffect(() => (nodes ? onIdle(() => preloadMenuScreens(linksOf(nodes))) : undefined), [nodes]);
}

/** True when the entry or one of its descendants links to the current path. */
const containsPath = (node: MenuNode, pathname: string): boolean =>
  (!!node.link && (pathname === node.link || pathname.startsWith(`${node.link}/`))) ||
  (node.children ?? []).some((c) => containsPath(c, pathname));

const MenuEntryItem = ({ node, depth }: { node: MenuNode; depth: number }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(() => containsPath(node, pathname));
  const id = useId();
  const indent = sidebarOpen ? 2 + depth * 2 : undefined;
  const children = node.children ?? [];

  if (children.length === 0) {
    if (!node.link) return null;
    return (
      <Menu.Item
        to={node.link}
        primaryText={node.title}
        leftIcon={menuIcon(node.icon)}
        title={node.sub_title ?? undefined}
        sx={indent ? { pl: indent } : undefined}
      />
    );
  }

  return (
    <>
      <MenuItem
        onClick={() => setExpanded((e) => !e)}
        aria-expanded={expanded}
        aria-controls={`${id}-group`}
        title={node.sub_title ?? undefined}
        sx={{ color: 'text.secondary', ...(indent ? { pl: indent } : {}) }}
      >
        <ListItemIcon sx={{ minWidth: (theme) => theme.spacing(5) }}>{menuIcon(node.icon, true)}</ListItemIcon>
        <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
          {translate(node.title, { _: node.title })}
        </Typography>
        {sidebarOpen &&
          (expanded ? (
            <ExpandLessIcon fontSize="small" aria-hidden="true" />
          ) : (
            <ExpandMoreIcon fontSize="small" aria-hidden="true" />
          ))}
      </MenuItem>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={`${id}-group`} component="div" role="group" aria-label={node.title} disablePadding>
          {children.map((child, i) => (
            <MenuEntryItem key={`${child.title}-${i}`} node={child} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </>
  );
};

/** The sidebar menu: Home plus the server's tree. */
export const AppMenu = (props: MenuProps) => {
  const translate = useTranslate();
  const { data } = useMenuItems();
  usePreloadMenuScreens(data);
  return (
    <Menu {...props} aria-label="Menu principale">
      <Menu.Item to="/Menu" primaryText={translate('app.menu.home')} leftIcon={<HomeIcon aria-hidden="true" />} />
      {(data ?? []).map((node, i) => (
        <MenuEntryItem key={`${node.title}-${i}`} node={node} depth={0} />
      ))}
    </Menu>
  );
};
