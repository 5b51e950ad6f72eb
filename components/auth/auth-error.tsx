/** A sign-in page's error, announced (role alert); nothing when there is none. */
export function AuthError({ id, error }: { id?: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  );
}
