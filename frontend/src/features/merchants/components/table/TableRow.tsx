import { flexRender, type Row } from '@tanstack/react-table';

export function TableRow<T>({ row }: { row: Row<T> }) {
  return (
    <tr className="hover:bg-slate-50">
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className="px-4 py-3 align-middle text-slate-700">
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
