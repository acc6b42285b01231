import { UI_PANEL } from '@blaster/contract';

/** A panel text as a catalog writes it, its {{name}} blanks filled: what a test expects on screen. */
export const catalogText = (
  key: keyof typeof UI_PANEL,
  values: Record<string, string>,
  catalog: Record<string, string> = UI_PANEL,
) => {
  let out = catalog[key]!;
  for (const [name, value] of Object.entries(values)) out = out.replace(`{{${name}}}`, value);
  return out;
};
