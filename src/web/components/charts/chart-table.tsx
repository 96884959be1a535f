import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';

export type ChartTableColumn<Row> = {
  id: string;
  header: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
};

/** A chart's data as a real table: a caption, column headers, numbers right-aligned. */
export function ChartTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: ChartTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <TableContainer tabIndex={0} aria-label={caption} className="max-h-80 rounded-lg border">
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.id} numeric={column.numeric}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <TableHead
                    key={column.id}
                    scope="row"
                    numeric={column.numeric}
                    className="h-auto border-b bg-transparent py-2 font-normal text-foreground"
                  >
                    {column.cell(row)}
                  </TableHead>
                ) : (
                  <TableCell key={column.id} numeric={column.numeric}>
                    {column.cell(row)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
