/** Two capital letters standing in for a person's picture (first and last name), or "?" without a name. */
export function initials(first = '', last = '') {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}
