/**
 * Text people typed, shown isolated (`<bdi>`): a right-to-left override or other bidirectional control
 * inside it cannot reorder the text around it, such as the other half of a name or an amount.
 */
export function UserText({ text }: { text: string | null | undefined }) {
  return <bdi>{text ?? '-'}</bdi>;
}

/** A member's first and last name, each isolated from the other. */
export function PersonName({ person }: { person: { firstname: string; lastname: string } }) {
  return (
    <>
      <bdi>{person.firstname}</bdi> <bdi>{person.lastname}</bdi>
    </>
  );
}
