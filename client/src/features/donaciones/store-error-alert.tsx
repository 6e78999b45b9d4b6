import { AppAlert } from '@/components/app-alert';
import { ServerErrors } from '@/components/server-errors';
import type { StoreFailure } from './donaciones-store';

export type StoreErrorAlertProps = { failure: StoreFailure | null; onClose: () => void };

/** A store failure as a red dismissible message: its heading and the server's messages one per line. */
export function StoreErrorAlert({ failure, onClose }: StoreErrorAlertProps) {
  if (!failure) return null;
  if (failure.errors.length === 0) return <AppAlert message={failure.title ?? ''} onClose={onClose} />;
  return (
    <AppAlert title={failure.title} message={<ServerErrors errors={failure.errors} />} onClose={onClose} />
  );
}
