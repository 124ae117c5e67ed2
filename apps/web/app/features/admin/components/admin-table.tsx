import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { AdminPage } from '../api';
import { listParams, withParam } from './list-params';
import { ScrollRegion } from '~/components/ui/scroll-region';

export interface Column<T> {
  /** The API's `ordering` field for a sortable column; absent for one that does not sort. */
  sort?: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

interface AdminTableProps<T> {
  caption: string;
  columns: Column<T>[];
  page: AdminPage<T>;
  rowKey: (row: T) => string | number;
  /** The API's ordering when the URL names none, for the header that shows it ('' when no column sorts). */
  defaultOrdering?: string;
  pageSize?: number;
  empty?: string;
}

/**
 * A back-office table: the server pages and sorts it, the URL holds the page and the ordering, so
 * every view can be linked, reloaded and used with the keyboard (headers are links; `aria-sort` tells screen
 * readers the current order).
 */
export function AdminTable<T>({
  caption,
  columns,
  page,
  rowKey,
  defaultOrdering = '',
  pageSize = 20,
  empty = 'Nothing to show.',
}: AdminTableProps<T>) {
  const { search } = useLocation();
  const { page: pageNumber, ordering } = listParams(new URLSearchParams(search), defaultOrdering);
  const descending = ordering.startsWith('-');
  const sortedBy = descending ? ordering.slice(1) : ordering;
  const pages = Math.max(1, Math.ceil(page.count / pageSize));
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label={`${caption} table`}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = column.sort !== undefined && column.sort === sortedBy;
                const next = active && !descending ? `-${column.sort}` : (column.sort ?? '');
                return (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.numeric ? 'admin-table__num' : undefined}
                    aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                  >
                    {column.sort ? (
                      <Link to={withParam(search, 'ordering', next)} className="admin-table__sort">
                        {column.label}
                        <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ''}</span>
                      </Link>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.results.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="admin-table__empty">
                  {empty}
                </td>
              </tr>
            ) : (
              page.results.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.label} className={column.numeric ? 'admin-table__num' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <nav className="admin-table__pages" aria-label={`${caption} pages`}>
        <p>
          {page.count_capped
            ? `More than ${page.count.toLocaleString('en-GB')}`
            : page.count.toLocaleString('en-GB')}{' '}
          {page.count === 1 ? 'row' : 'rows'} · page {pageNumber} of {page.count_capped ? `${pages}+` : pages}
        </p>
        {page.previous ? (
          <Link to={withParam(search, 'page', String(pageNumber - 1))} rel="prev">
            Previous
          </Link>
        ) : null}
        {page.next ? (
          <Link to={withParam(search, 'page', String(pageNumber + 1))} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
