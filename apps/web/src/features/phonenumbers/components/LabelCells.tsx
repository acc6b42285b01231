/** Fields a list cell shows before the rest are counted ('+2'); all of them are in its title. */
const FIELDS_SHOWN = 3;

/** A number's tags as badges: each stays whole on its line, a long one cut short with its text on hover. */
export function TagsCell({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <span className="text-muted">-</span>;
  return (
    <span className="flex max-w-64 flex-wrap gap-1">
      {tags.map((tag) => (
        <span
          key={tag}
          title={tag}
          className="max-w-full truncate whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-500/10 dark:text-brand-300"
        >
          {tag}
        </span>
      ))}
    </span>
  );
}

/** A number's fields as `key: value` lines, each cut to the cell's width with the whole line on hover. */
export function FieldsCell({ fields }: { fields: Readonly<Record<string, string>> }) {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  if (lines.length === 0) return <span className="text-muted">-</span>;
  const rest = lines.length - FIELDS_SHOWN;
  return (
    <span className="block max-w-56 text-xs" title={lines.join('\n')}>
      {lines.slice(0, FIELDS_SHOWN).map((line) => (
        <span key={line} className="block truncate" title={line}>
          {line}
        </span>
      ))}
      {rest > 0 && <span className="block text-muted">+{rest}</span>}
    </span>
  );
}
