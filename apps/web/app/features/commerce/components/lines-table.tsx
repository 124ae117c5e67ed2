import type { Key, ReactNode, Ref } from 'react';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** One column of a lines table. */
export interface LineColumn<Line> {
  /** The column's heading, and the label its cell shows where a line is laid out as a card (a phone's width). */
  heading: string;
  /** What the column shows of a line. */
  cell: (line: Line) => ReactNode;
  /** The cell's class. */
  className?: string;
  /** A figure: the heading and the cell are set as numbers. */
  numeric?: boolean;
  /** The cell names its line (the SKU), so it is the row's header. */
  rowHeader?: boolean;
  /** The cell shows no label on a card: the item's name, a picture or a control says what it is. */
  unlabelled?: boolean;
}

/** A line the columns cannot show, said in one cell across the row instead. */
export interface LineAcross {
  className: string;
  content: ReactNode;
}

interface LinesTableProps<Line> {
  lines: readonly Line[];
  columns: readonly LineColumn<Line>[];
  lineKey: (line: Line, index: number) => Key;
  /** Names the region the table scrolls in, and the table's caption unless `caption` says more. */
  label: string;
  caption?: string;
  scrollClassName: string;
  /** The table's own class; each line becomes a card at a phone's width (`card-rows`). */
  className: string;
  tableRef?: Ref<HTMLTableElement>;
  lineClassName?: string;
  /** Whether a change of the line is on its way. */
  lineBusy?: (line: Line) => boolean;
  /** For a line the columns cannot show (a cart line whose item has gone): what to say instead. */
  across?: (line: Line) => LineAcross | null;
}

const classOf = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The lines of a cart, an order, a quote or a saved list: one row a line, one column a figure, in a region
 * that scrolls sideways, each line a card at a phone's width with each figure labelled by its heading.
 */
export function LinesTable<Line>({
  lines,
  columns,
  lineKey,
  label,
  caption = label,
  scrollClassName,
  className,
  tableRef,
  lineClassName,
  lineBusy,
  across,
}: LinesTableProps<Line>) {
  return (
    <ScrollRegion className={scrollClassName} label={label}>
      <table ref={tableRef} className={`${className} card-rows`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={classOf(column.numeric && 'numeric')}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const key = lineKey(line, index);
            const instead = across?.(line);
            if (instead) {
              return (
                <tr key={key} className={lineClassName}>
                  <td className={instead.className} colSpan={columns.length}>
                    {instead.content}
                  </td>
                </tr>
              );
            }
            return (
              <tr key={key} className={lineClassName} aria-busy={lineBusy?.(line) || undefined}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.heading}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={classOf(column.className, column.numeric && 'numeric')}
                      data-label={column.unlabelled ? undefined : column.heading}
                    >
                      {column.cell(line)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
