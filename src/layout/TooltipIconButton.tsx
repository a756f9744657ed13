/** An icon button whose tooltip says what it does, and is its accessible name too. */
import type { MouseEvent, ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

export const TooltipIconButton = ({
  title,
  onClick,
  children,
}: {
  title: string;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) => (
  <Tooltip title={title}>
    <IconButton aria-label={title} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
);
