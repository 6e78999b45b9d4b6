import { Button, Dialog, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { LabelledField } from '@/components/form';
import { MedicosFirmantesDocument } from '@/generated/graphql';
import type { DonacionDatosFragment } from '@/generated/graphql';
import { printConstancia } from '@/imprimibles/print';
import type { ConstanciaPdfData } from '@/imprimibles/types';
import { usePrint } from '@/imprimibles/use-print';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { useAuth } from '@/lib/auth-context';

type DonanteConstancia = { nombre: string; apellido: string; dni: string };

/** What a certificate states, before its doctor is chosen: a donation, or a 'No apto' visit. */
export type ConstanciaDatos =
  | { tipo: 'donacion'; donante: DonanteConstancia; donacion: DonacionDatosFragment }
  | { tipo: 'asistencia'; donante: DonanteConstancia; visita: { fecha: string; hora: string } };

const nombreMedico = (m: { nombre: string; apellido?: string | null }) =>
  [m.nombre, m.apellido].filter(Boolean).join(' ');

/** The PDF's data: a donation's fingerprint covers what the register book prints of it. */
function toConstanciaPdf(
  datos: ConstanciaDatos,
  medico: ConstanciaPdfData['medico'],
  servicio: ConstanciaPdfData['servicio'],
): ConstanciaPdfData {
  const base = { servicio, donante: datos.donante, medico, emitida: new Date() };
  if (datos.tipo === 'asistencia') return { ...base, tipo: 'asistencia', visita: datos.visita };
  const d = datos.donacion;
  const exclusion = d.exclusionDefinitiva;
  return {
    ...base,
    tipo: 'donacion',
    donacion: {
      id: d.id,
      numero: String(d.numero),
      fecha: d.fecha,
      hora: d.hora,
      donanteId: d.donanteId,
      donante: datos.donante,
      abo: d.abo || null,
      rh: d.rh || null,
      serologia: d.serologia ? { ...d.serologia } : null,
      exclusionDefinitiva: exclusion === 'Definitiva' || exclusion === 'Temporal' ? exclusion : null,
      exclusionTiempo: d.exclusionTiempo,
      exclusionCodigo: d.exclusionCodigo,
      aferesis: d.donacionAferesis,
    },
  };
}

export type ConstanciaButtonProps = {
  datos: ConstanciaDatos | null;
  /** The button's accessible name ('Constancia de la donación 12'). */
  label: string;
  size?: 'xs' | 'sm' | 'md';
};

/**
 * 'Constancia': chooses the signing doctor among the servicio's doctors (the signed-in user if a
 * doctor; never typed in), then prints the certificate (Ley 22.990 art. 47; attendance only for a
 * 'No apto' visit).
 */
export function ConstanciaButton({ datos, label, size = 'xs' }: ConstanciaButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={!datos}
        aria-label={label}
      >
        Constancia
      </Button>
      {open && datos && <ConstanciaDialog datos={datos} onClose={() => setOpen(false)} />}
    </>
  );
}

function ConstanciaDialog({ datos, onClose }: { datos: ConstanciaDatos; onClose: () => void }) {
  const { usuario } = useAuth();
  const { data, loading } = useQuery(MedicosFirmantesDocument, { fetchPolicy: 'cache-and-network' });
  const medicos = data?.medicosFirmantes ?? [];
  const propio = medicos.find((m) => m.id === usuario?.id)?.id;
  const [elegido, setElegido] = useState<string>('');
  const medicoId = elegido || propio || medicos[0]?.id || '';
  const servicio = useServicioImprimible();
  const { busy, error, run } = usePrint();

  const imprimir = async () => {
    const m = medicos.find((x) => x.id === medicoId);
    if (!m) return;
    const medico = { nombre: m.nombre, apellido: m.apellido ?? null, matricula: m.matricula ?? null };
    if (await run(printConstancia, toConstanciaPdf(datos, medico, servicio))) onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Constancia">
            <Dialog.Header>
              <Dialog.Title fontSize="md">
                {datos.tipo === 'donacion' ? 'Constancia de donación' : 'Constancia de asistencia'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm">
                  {datos.tipo === 'donacion'
                    ? 'Justifica la inasistencia laboral de 24 horas, incluido el día de la donación (Ley 22.990, art. 47).'
                    : "La visita terminó 'No apto': la constancia solo certifica la asistencia."}
                </Text>
                {!loading && data && medicos.length === 0 && (
                  <AppAlert severity="warning" message={MSG.constanciaSinMedicos} />
                )}
                {medicos.length > 0 && (
                  <LabelledField label="Médico que firma" required>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        name="medico"
                        value={medicoId}
                        onChange={(e) => setElegido(e.currentTarget.value)}
                        bg="white"
                      >
                        {medicos.map((m) => (
                          <option key={m.id} value={m.id}>
                            {`${nombreMedico(m)} · Matrícula ${m.matricula ?? 'sin registrar'}`}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </LabelledField>
                )}
                {error && <AppAlert message={`No se pudo generar la constancia: ${error.message}`} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void imprimir()}
                disabled={!medicoId}
                loading={busy}
                loadingText="Generando PDF..."
              >
                Imprimir constancia
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
