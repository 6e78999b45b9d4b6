import { Box, Button, Dialog, HStack, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import type { SubmissionErrors } from 'final-form';
import { puedeDonarDesdeMsg } from '@domain/donante';
import { MSG } from '@domain/messages';
import { decideMedicamente } from '@domain/roles';
import { MOTIVO_NO_APTO_MAX, validateMotivo } from '@domain/no-apto';
import { AppAlert } from '@/components/app-alert';
import { TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { LevantarDiferimientoDocument } from '@/generated/graphql';
import type { ElegibilidadDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { invalidarElegibilidad } from '@/lib/elegibilidad-cache';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';
import { serverFieldErrors } from './donaciones-store';

type Diferimiento = ElegibilidadDatosFragment['diferimientos'][number];

export const SIN_FECHA_TEXTO = MSG.diferidoSinFechaDetalle;

export type ElegibilidadPanelProps = { donanteId: string; elegibilidad: ElegibilidadDatosFragment };

/**
 * Why the donor cannot donate today, as the server's rules say it (domain/elegibilidad.ts): every
 * reason in words, the first day the donor may donate or that a deferral has no end, and for a
 * doctor or the service administrator a 'Levantar diferimiento' button on each active deferral of
 * the servicio (another member's shows its servicio and dates only, and only that one lifts it).
 * Nothing when the donor may donate (the page shows 'Nueva donación').
 */
export function ElegibilidadPanel({ donanteId, elegibilidad }: ElegibilidadPanelProps) {
  const { usuario } = useAuth();
  // Lifting is a medical decision; the server refuses anyone else.
  const puedeLevantar = decideMedicamente(usuario?.rol);
  const [levantar, setLevantar] = useState<Diferimiento | null>(null);
  if (elegibilidad.puedeDonar) return null;

  // The deferrals' reasons are the deferrals' own texts: each is shown once, with its button.
  const textosDiferimiento = new Set(elegibilidad.diferimientos.map((d) => d.texto));
  const otros = elegibilidad.motivos.filter((m) => !textosDiferimiento.has(m.texto));
  const desde = elegibilidad.desde ? puedeDonarDesdeMsg(elegibilidad.desde) : SIN_FECHA_TEXTO;

  return (
    <Box as="section" aria-label="Elegibilidad del donante">
      <AppAlert
        severity="warning"
        title="El donante no puede donar hoy"
        message={
          <Stack gap="2" mt="1">
            <List.Root gap="2" ps="4">
              {otros.map((m, i) => (
                <List.Item key={`m-${i}`}>{m.texto}</List.Item>
              ))}
              {elegibilidad.diferimientos.map((d, i) => (
                <List.Item key={d.origenId ?? `otro-${i}`}>
                  <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
                    <Text as="span" flex="1" minW="16rem">
                      {d.texto}
                    </Text>
                    {/* Another member's deferral: only that servicio lifts it. */}
                    {puedeLevantar && d.origenId !== null && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="brand"
                        bg="white"
                        onClick={() => setLevantar(d)}
                        aria-label={`Levantar diferimiento: ${d.texto}`}
                      >
                        Levantar diferimiento
                      </Button>
                    )}
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
            <Text fontWeight="semibold" data-testid="elegibilidad-desde">
              {desde}
            </Text>
          </Stack>
        }
      />
      {puedeLevantar && (
        <LevantarDiferimientoDialog
          donanteId={donanteId}
          diferimiento={levantar}
          onClose={() => setLevantar(null)}
        />
      )}
    </Box>
  );
}

type LevantarValues = { motivo: string };

function validateLevantar(values: LevantarValues): Record<string, string> {
  const motivo = validateMotivo(values.motivo);
  return motivo ? { motivo } : {};
}

export type LevantarDiferimientoDialogProps = {
  donanteId: string;
  /** The deferral to lift; null: the dialog is closed. */
  diferimiento: Diferimiento | null;
  onClose: () => void;
};

/**
 * Lifting a deferral: the reason is required (up to 500 characters). The answer is the donor with
 * the eligibility recomputed, which replaces the cached one: the page shows it at once; every
 * other list that shows a deferral is read again (lib/elegibilidad-cache).
 */
export function LevantarDiferimientoDialog({
  donanteId,
  diferimiento,
  onClose,
}: LevantarDiferimientoDialogProps) {
  const [mutate] = useMutation(LevantarDiferimientoDocument);
  const [errores, setErrores] = useState<string[] | null>(null);

  const cerrar = () => {
    setErrores(null);
    onClose();
  };

  const onSubmit = async (values: LevantarValues): Promise<SubmissionErrors | void> => {
    if (!diferimiento?.origenId) return;
    setErrores(null);
    try {
      const { origenId } = diferimiento;
      await mutate({
        variables: { donanteId, origenId, motivo: values.motivo.trim() },
        // The answer is this donor's eligibility; the lifted donation's deferral (on every list
        // that shows it), the donor's lifts, the person's other records and the doctor's queue
        // are read again.
        update(cache) {
          invalidarElegibilidad(cache, { donante: donanteId, donaciones: [origenId] });
        },
      });
      showToast(MSG.diferimientoLevantado);
      cerrar();
    } catch (e) {
      setErrores(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  return (
    <Dialog.Root
      open={diferimiento !== null}
      onOpenChange={(e) => {
        if (!e.open) cerrar();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {diferimiento && (
              <Form<LevantarValues>
                onSubmit={onSubmit}
                initialValues={{ motivo: '' }}
                validate={validateLevantar}
              >
                {({ handleSubmit, submitting }) => (
                  <form onSubmit={handleSubmit} noValidate aria-label="Levantar diferimiento">
                    <Dialog.Header>
                      <Dialog.Title fontSize="md">Levantar diferimiento</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <Text fontSize="sm">{diferimiento.texto}</Text>
                        {errores && (
                          <AppAlert
                            message={<ServerErrors errors={errores} />}
                            onClose={() => setErrores(null)}
                          />
                        )}
                        <TextField
                          name="motivo"
                          label="Motivo"
                          required
                          helperText="La decisión médica que lo levanta (queda en la auditoría)."
                          inputProps={{ maxLength: MOTIVO_NO_APTO_MAX, autoComplete: 'off' }}
                        />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={cerrar} disabled={submitting}>
                        Cancelar
                      </Button>
                      <Button
                        type="submit"
                        colorPalette="brand"
                        loading={submitting}
                        loadingText="Guardando..."
                      >
                        Levantar diferimiento
                      </Button>
                    </Dialog.Footer>
                  </form>
                )}
              </Form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
