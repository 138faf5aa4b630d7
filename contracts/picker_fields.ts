/**
 * Native date, time and colour inputs as rows: Chromium gives each its own
 * role (`Date`, `DateTime`, `InputTime`, `ColorWell`) over the segments and
 * the picker button it draws inside the field. A row shows the field as
 * one control named by its kind, whose value (`2026-12-24`, `14:30`,
 * `#336699`, as the input holds it) is read and set whole: `fill` sets it
 * as the browser's picker would, and the segments are not shown.
 *
 * @module
 */

/** The role a row shows for each of Chromium's picker field roles. */
export const pickerFieldRoles: ReadonlyMap<string, string> = new Map([
  ["Date", "date"],
  // `datetime-local`, `month` and `week` inputs alike: the value says which.
  ["DateTime", "datetime"],
  ["InputTime", "time"],
  ["ColorWell", "color"],
]);

/** The roles rows show for picker fields. */
export const pickerFieldRowRoles: ReadonlySet<string> = new Set(pickerFieldRoles.values());
