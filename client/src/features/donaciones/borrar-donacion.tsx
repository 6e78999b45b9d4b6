import { useState } from 'react';
import { formatDate } from '@domain/dates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showToast } from '@/components/toast';
import { useEliminarDonacion } from './donaciones-store';
import type { StoreFailure } from './donaciones-store';
import { StoreErrorAlert } from './store-error-alert';

type Borrable = { id: string; nombre: string; apellido: string; fecha: string; hora: string };

/** The confirmation title the specification fixes, word for word. */
function borrarDonacionTitulo(d: Omit<Borrable, 'id'>): string {
  return `¿Quiere borrar la donacion de ${d.nombre} ${d.apellido} de la fecha ${formatDate(d.fecha)} - ${d.hora}?`;
}

/**
 * Delete with confirmation: `pedir(donacion)` opens the dialog; only 'Si'
 * deletes. Render `dialog` and `alert` where the screen wants them.
 */
export function useBorrarDonacion(onDeleted?: (id: string) => void) {
  const [target, setTarget] = useState<Borrable | null>(null);
  const [failure, setFailure] = useState<StoreFailure | null>(null);
  const { eliminar, isDeleting } = useEliminarDonacion();

  const confirmar = async () => {
    if (!target) return;
    setFailure(null);
    const result = await eliminar(target.id);
    setTarget(null);
    if (result.ok) {
      showToast(result.message);
      onDeleted?.(target.id);
    } else {
      setFailure(result);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target ? borrarDonacionTitulo(target) : ''}
      onConfirm={() => void confirmar()}
      onCancel={() => setTarget(null)}
      busy={isDeleting}
    />
  );
  const alert = <StoreErrorAlert failure={failure} onClose={() => setFailure(null)} />;
  return { pedir: (d: Borrable) => setTarget(d), dialog, alert };
}
