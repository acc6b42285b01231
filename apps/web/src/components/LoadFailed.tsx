import { Button } from './form';

/** A section whose data could not be read: what failed, and a button that reads it again. */
export function LoadFailed({
  message,
  retry,
  onRetry,
}: {
  message: string;
  retry: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 text-sm text-danger">
      <p>{message}</p>
      <Button type="button" variant="outline" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
