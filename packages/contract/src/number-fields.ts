/**
 * Tags and custom fields of phone numbers, and the variables of templates that read them. Shared by
 * the server (imports, the template check, the blast engine's rendering) and the panel (the forms,
 * the editor's variable menu and its preview), so both read and render a variable the same way.
 */

/** A field key: lower-case letters, digits and `_`, starting with a letter. */
export const FIELD_KEY_MAX = 40;
const FIELD_KEY = new RegExp(`^[a-z][a-z0-9_]{0,${FIELD_KEY_MAX - 1}}$`);
/** Variables every recipient has without a field: their name and their number. */
export const BUILTIN_VARIABLES = ['name', 'number'] as const;
/**
 * One number holds at most this many fields (an import maps at most this many other columns) and
 * tags; a value or tag at most this many characters.
 */
export const FIELDS_MAX = 50;
export const FIELD_VALUE_MAX = 500;
export const TAGS_MAX = 50;
export const TAG_MAX = 50;

export const isFieldKey = (key: string) =>
  FIELD_KEY.test(key) && !(BUILTIN_VARIABLES as readonly string[]).includes(key);

/**
 * A column header as a field key: accents dropped, lower-cased, every run of other characters one
 * `_` ('Kota Asal' is kota_asal); a key that would start with a digit gets `f_` in front. Null when
 * nothing usable is left, or the header names a built-in variable.
 */
export function normalizeFieldKey(header: string): string | null {
  const base = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) return null;
  const key = (/^[0-9]/.test(base) ? `f_${base}` : base).slice(0, FIELD_KEY_MAX).replace(/_+$/, '');
  return isFieldKey(key) ? key : null;
}

/**
 * Tags as typed or read from a file: split at `|`, `;` or `,`, trimmed, lower-cased (so 'VIP' and
 * 'vip' are one tag), each cut to TAG_MAX, duplicates and empty ones dropped, at most TAGS_MAX.
 */
export function splitTags(text: string | readonly string[]): string[] {
  const parts = typeof text === 'string' ? text.split(/[|;,]/) : text;
  const tags = new Set<string>();
  for (const part of parts) {
    const tag = String(part).trim().toLowerCase().slice(0, TAG_MAX).trim();
    if (tag) tags.add(tag);
    if (tags.size >= TAGS_MAX) break;
  }
  return [...tags];
}

/** A variable of a template: `{{key}}` or `{{key|default}}` (the default may be empty). */
export interface TemplateVariable {
  key: string;
  fallback: string | undefined;
}

/**
 * `{{ key }}` or `{{ key | default }}`; the legacy `{name}` and `{phoneNumber}` in the same pass, so
 * a value put in for one is never read again as another.
 */
const VARIABLE = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}|\{(name|phoneNumber)\}/g;

/** The `{{…}}` variables of a template's text, in order. */
export function templateVariables(text: string): TemplateVariable[] {
  const found: TemplateVariable[] = [];
  for (const match of text.matchAll(VARIABLE))
    if (match[3] === undefined) found.push({ key: match[1]!, fallback: match[2]?.trim() });
  return found;
}

/** Whether a text reads any custom field (the blast reads the numbers' fields only then). */
export const readsFields = (text: string) =>
  templateVariables(text).some(
    (variable) => !(BUILTIN_VARIABLES as readonly string[]).includes(variable.key),
  );

/**
 * The variables of a text that cannot be filled: not built in, no default, and no field of that key
 * known (`known`, the registry of field keys). Each key once, in order.
 */
export function unknownVariables(text: string, known: ReadonlySet<string>): string[] {
  const unknown = new Set<string>();
  for (const { key, fallback } of templateVariables(text))
    if (
      fallback === undefined &&
      !(BUILTIN_VARIABLES as readonly string[]).includes(key) &&
      !(isFieldKey(key) && known.has(key))
    )
      unknown.add(key);
  return [...unknown];
}

/** Who a message is rendered for. */
export interface Recipient {
  name: string;
  number: string;
  fields?: Readonly<Record<string, unknown>> | null;
}

/**
 * A text for one recipient, in one pass over the template: each variable becomes the recipient's
 * value (a field that is missing or empty takes the default, else nothing). What is put in is never
 * read again, so a value that looks like a variable, a link or markup stays as it was typed.
 */
export function renderVariables(text: string, recipient: Recipient): string {
  if (!text.includes('{')) return text;
  const fields = recipient.fields ?? {};
  return text.replace(
    VARIABLE,
    (_whole, key: string | undefined, fallback: string | undefined, legacy: string | undefined) => {
      if (legacy === 'name' || key === 'name') return recipient.name;
      if (legacy === 'phoneNumber' || key === 'number') return recipient.number;
      const value = Object.hasOwn(fields, key!) ? fields[key!] : undefined;
      if (typeof value === 'string' && value !== '') return value;
      return fallback?.trim() ?? '';
    },
  );
}
