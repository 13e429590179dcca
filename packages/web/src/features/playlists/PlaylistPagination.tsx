import { memo } from 'react';
import { pageItems } from '@playlist-alarms/core/library/playlist-browser';

// Styled by PlaylistBrowserStyles (.pl-pages): plain buttons, named as screen readers expect
// ("Go to page 3", the current page marked), without MUI's pagination in the first view.

interface PlaylistPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}

/** Shown only when there is more than one page. */
export const PlaylistPagination = memo(function PlaylistPagination({
  page,
  pageCount,
  onPage,
  label,
}: PlaylistPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="pl-pages">
      <ul>
        <li>
          <button
            type="button"
            aria-label="Go to previous page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            ‹
          </button>
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={item === page ? `page ${item}` : `Go to page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden>
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            aria-label="Go to next page"
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
});
