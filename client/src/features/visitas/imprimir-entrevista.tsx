/**
 * The door to the printed interview's PDF code: the document (and react-pdf with it) is loaded
 * with import() when the user prints, never in the page's bundle.
 */
import { Button } from '@chakra-ui/react';
import { createElement } from 'react';
import { AppAlert } from '@/components/app-alert';
import type { VisitaDatosFragment } from '@/generated/graphql';
import { printDocument } from '@/imprimibles/print';
import { usePrint } from '@/imprimibles/use-print';
import { useAuth } from '@/lib/auth-context';
import { entrevistaFileName } from './entrevista-format';
import type { EntrevistaPdfData } from './pdf/types';

/** The interview and the consent, saved as entrevista-<dni>-<fecha>.pdf and shown in a tab. */
export async function printEntrevista(data: EntrevistaPdfData): Promise<void> {
  const { EntrevistaPdf } = await import('./pdf/entrevista-pdf');
  await printDocument(
    createElement(EntrevistaPdf, { data }),
    entrevistaFileName(data.donante.dni, data.visita.fecha),
  );
}

/** 'Imprimir entrevista y consentimiento': with the donor's data and the answers, to be signed. */
export function ImprimirEntrevista({ visita }: { visita: VisitaDatosFragment }) {
  const { usuario } = useAuth();
  const { run, busy, error } = usePrint();
  const d = visita.donante;
  if (!d) return null;
  const data: EntrevistaPdfData = {
    servicio: { nombre: usuario?.servicio?.nombre ?? usuario?.nombre ?? '' },
    donante: {
      nombre: d.nombre,
      apellido: d.apellido,
      dni: d.dni,
      fechaNacimiento: d.fechaNacimiento ?? null,
      sexo: d.sexo ?? null,
    },
    visita: { id: visita.id, fecha: visita.fecha, hora: visita.hora },
    respuestas: visita.respuestas.map((r) => ({
      orden: r.orden,
      texto: r.texto,
      confidencial: r.confidencial,
      valor: r.valor ?? null,
    })),
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        loading={busy}
        onClick={() => void run(printEntrevista, data)}
      >
        Imprimir entrevista y consentimiento
      </Button>
      {error && <AppAlert message={error.message} />}
    </>
  );
}
