/** The button that opens a listing's details dialog; its accessible name says which listing. */
export function ViewDetailsButton({
  name,
  onOpen,
  className,
}: {
  /** The property's name. */
  name: string;
  onOpen: () => void;
  /** Left out where the surrounding card's style sheet draws it (src/styles/cards.css). */
  className?: string;
}) {
  return (
    <button type="button" onClick={onOpen} className={className}>
      View Details<span className="sr-only">{` for ${name}`}</span>
    </button>
  );
}
