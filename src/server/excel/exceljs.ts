/**
 * exceljs, loaded at the first workbook rather than with the server: it is a fifth of a second
 * of CPU on every start, and most starts never read or write a spreadsheet.
 */
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

const requireLazily = createRequire(import.meta.url);
let loaded: typeof ExcelJS | undefined;

export function excelJs(): typeof ExcelJS {
  return (loaded ??= requireLazily('exceljs') as typeof ExcelJS);
}
