/** What went wrong, announced at once; nothing when nothing did. */
export function Problem({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-red-700">
      {message}
    </p>
  );
}
