import type { Locator } from '@playwright/test';

/**
 * The cell of `row` under the column `header`, wherever the kit's table put it: in the row, or
 * — when the table folded that column to fit the screen — in the row's details line, which
 * this opens (components/data-table/Table.tsx).
 */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  // The headers are read once the row is there (the table loads after its skeleton).
  await row.first().waitFor();
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index >= 0) return row.locator(':scope > td').nth(index);
  const details = row.locator('xpath=following-sibling::tr[1][@data-row-details]');
  if ((await details.count()) === 0) await row.getByRole('button', { name: '展开详情' }).click();
  await details.waitFor();
  const folded = details.locator('dl > div').filter({ has: table.page().locator('dt').getByText(header, { exact: true }) });
  if ((await folded.count()) === 0) throw new Error(`no column ${header} in ${headers.join(', ')} nor in the row's details`);
  return folded.locator('dd');
}

/**
 * The names of a kit table's columns, those shown and those folded into the rows' details
 * (opened for the first row when some are folded).
 */
export async function columnNames(table: Locator): Promise<string[]> {
  await table.locator('tbody > tr').first().waitFor();
  const shown = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  if (!(await table.getAttribute('data-folded'))) return shown;
  const first = table.locator('tbody > tr').first();
  const details = first.locator('xpath=following-sibling::tr[1][@data-row-details]');
  if ((await details.count()) === 0) await first.getByRole('button', { name: '展开详情' }).click();
  await details.waitFor();
  const folded = (await details.locator('dt').allInnerTexts()).map((text) => text.trim());
  return [...shown, ...folded];
}

/**
 * The texts of one column (by its id, the cells' `data-column`) in every row of a kit table,
 * from the rows' details (all opened) when the table folded it.
 */
export async function columnTexts(table: Locator, column: string): Promise<string[]> {
  await table.locator('tbody > tr').first().waitFor();
  const folded = ((await table.getAttribute('data-folded')) ?? '').split(' ');
  if (!folded.includes(column)) return table.locator(`tbody > tr > td[data-column="${column}"]`).allInnerTexts();
  const expand = table.getByRole('button', { name: '全部展开' });
  if (await expand.count()) await expand.click();
  return table.locator(`tbody > tr[data-row-details] [data-column="${column}"] dd`).allInnerTexts();
}
