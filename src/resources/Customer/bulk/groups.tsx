/**
 * The customers' bulk actions in a bar that stays one line (issue 25 item 18): a few actions as
 * buttons, the others in menus by kind ('Addebiti', 'Documenti', 'Email'). Each action's
 * component is the same wherever it sits: its trigger (`BulkTrigger`) is a button in the bar or
 * an item of its group's menu, by the label of seed A §2; its dialogs stay mounted with it (the
 * menus keep their items mounted when closed), so an action opened from a menu keeps its dialog
 * after the menu closes. Menus are MUI's: arrows, Home/End, type-ahead, Escape back to the button.
 */
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { useListContext, type Identifier } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';

interface GroupContext {
  close: () => void;
}
const InMenu = createContext<GroupContext | null>(null);

/** The trigger of a bulk action: a small button in the bar, or an item of the group's menu. */
export function BulkTrigger({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const group = useContext(InMenu);
  if (group) {
    return (
      <MenuItem
        disabled={disabled}
        onClick={() => {
          group.close();
          onClick();
        }}
      >
        {children}
      </MenuItem>
    );
  }
  return (
    <Button size="small" onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/**
 * The trigger of an action that opens another screen with the selected customers: `state` puts
 * them in the history state (no address length limit), where that screen reads them.
 */
export function BulkOpenScreen({
  to,
  state,
  children,
}: {
  to: string;
  state: (ids: Identifier[]) => unknown;
  children: ReactNode;
}) {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <BulkTrigger disabled={!selectedIds.length} onClick={() => navigate(to, { state: state([...selectedIds]) })}>
      {children}
    </BulkTrigger>
  );
}

/** A group of actions behind one button: its menu lists them by name. */
export function BulkGroup({ label, children }: { label: string; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = !!anchor;
  const id = useId();
  const ctx = useMemo<GroupContext>(() => ({ close: () => setAnchor(null) }), []);
  return (
    <>
      <Button
        size="small"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-controls={open ? `${id}-menu` : undefined}
        aria-expanded={open ? 'true' : undefined}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      {/* kept mounted: an action's dialog lives in its item's component. MUI focuses the first item
          of its direct children, here one provider: the first item is focused as the menu opens */}
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        keepMounted
        autoFocus={false}
        slotProps={{
          list: { 'aria-labelledby': `${id}-button` },
          transition: {
            onEntering: (node: HTMLElement) =>
              node.querySelector<HTMLElement>('[role="menuitem"]:not(.Mui-disabled)')?.focus(),
          },
        }}
      >
        <InMenu.Provider value={ctx}>{children}</InMenu.Provider>
      </Menu>
    </>
  );
}
