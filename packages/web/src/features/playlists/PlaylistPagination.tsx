import { memo } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';

export interface PlaylistPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}

/** Shown only when there is more than one page (SPEC §2). */
export const PlaylistPagination = memo(function PlaylistPagination({
  page,
  pageCount,
  onPage,
  label,
}: PlaylistPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
      <Pagination
        count={pageCount}
        page={page}
        onChange={(_event, next) => onPage(next)}
        color="primary"
        siblingCount={0}
        aria-label={label}
      />
    </Box>
  );
});
