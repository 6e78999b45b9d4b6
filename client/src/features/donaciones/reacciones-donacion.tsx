import { Box, Button, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { nowTime } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  REACCION_TEXTO_MAX,
  SEVERIDADES_REACCION,
  SEVERIDAD_REACCION_LABELS,
  TIPOS_REACCION,
  TIPO_REACCION_LABELS,
  validateReaccion,
  type ReaccionData,
  type SeveridadReaccion as Severidad,
  type TipoReaccion as Tipo,
} from '@domain/reacciones';
import { AppAlert } from '@/components/app-alert';
import { SelectField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  DonanteDocument,
  ReaccionesDonacionDocument,
  RegistrarReaccionDocument,
  UpdateReaccionDocument,
} from '@/generated/graphql';
import type { ReaccionDatosFragment, SeveridadReaccion, TipoReaccion } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { toNestedErrors } from './donacion-form';
import { serverFieldErrors } from './donaciones-store';

type ReaccionValues = {
  tipo: string;
  severidad: string;
  hora: string;
  tratamiento: string;
  evolucion: string;
  detalle: string;
};

const vacia = (): ReaccionValues => ({
  tipo: '',
  severidad: '',
  hora: nowTime(),
  tratamiento: '',
  evolucion: '',
  detalle: '',
});

const valoresDe = (r: ReaccionDatosFragment): ReaccionValues => ({
  tipo: r.tipo,
  severidad: r.severidad,
  hora: r.hora,
  tratamiento: r.tratamiento ?? '',
  evolucion: r.evolucion ?? '',
  detalle: r.detalle ?? '',
});

const TIPO_OPCIONES = TIPOS_REACCION.map((t) => ({ value: t, label: TIPO_REACCION_LABELS[t] }));
const SEVERIDAD_OPCIONES = SEVERIDADES_REACCION.map((s) => ({
  value: s,
  label: SEVERIDAD_REACCION_LABELS[s],
}));

/** The reaction's kind in words ('Hematoma'), '(+ detalle)' for 'Otra'. */
export const tipoReaccionTexto = (r: Pick<ReaccionDatosFragment, 'tipo' | 'detalle'>): string =>
  r.tipo === 'OTRA' && r.detalle
    ? `${TIPO_REACCION_LABELS.OTRA}: ${r.detalle}`
    : TIPO_REACCION_LABELS[r.tipo as Tipo];

export type ReaccionesDonacionProps = {
  donacionId: string;
  donanteId: string;
  aferesis: boolean;
};

/**
 * The donation's donor reactions: the list, and a form to record one or correct one (coded kind
 * and severity; nothing is deleted). A severe one flags the donor for the next interview.
 */
export function ReaccionesDonacion({ donacionId, donanteId, aferesis }: ReaccionesDonacionProps) {
  const { data, error } = useQuery(ReaccionesDonacionDocument, { variables: { id: donacionId } });
  // The donor's notice of a severe reaction (Donante.reaccionSeveraPrevia) is read again.
  const refetchQueries = [{ query: DonanteDocument, variables: { id: donanteId } }];
  const [registrar] = useMutation(RegistrarReaccionDocument, { refetchQueries });
  const [corregir] = useMutation(UpdateReaccionDocument, { refetchQueries });
  const [editando, setEditando] = useState<ReaccionDatosFragment | 'nueva' | null>(null);
  const [errores, setErrores] = useState<string[] | null>(null);
  const reacciones = data?.donacion.reacciones ?? [];

  const onSubmit = async (values: ReaccionValues): Promise<SubmissionErrors | void> => {
    setErrores(null);
    const reaccion = {
      tipo: values.tipo as TipoReaccion,
      severidad: values.severidad as SeveridadReaccion,
      hora: values.hora,
      tratamiento: values.tratamiento || null,
      evolucion: values.evolucion || null,
      detalle: values.detalle || null,
    };
    try {
      if (editando && editando !== 'nueva') {
        await corregir({ variables: { id: editando.id, reaccion } });
        showToast(MSG.reaccionCorregida);
      } else {
        await registrar({ variables: { donacionId, reaccion } });
        showToast(MSG.reaccionRegistrada);
      }
      setEditando(null);
    } catch (e) {
      setErrores(errorMessages(e));
      return toNestedErrors(serverFieldErrors(e));
    }
  };

  return (
    <Box
      as="section"
      aria-label="Reacciones del donante"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h2" size="sm">
          Reacciones del donante
        </Heading>
        {editando === null && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => setEditando('nueva')}>
            Registrar reacción
          </Button>
        )}
      </HStack>
      {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && reacciones.length === 0 && editando === null && (
        <Text fontSize="sm">Sin reacciones registradas.</Text>
      )}
      {reacciones.length > 0 && (
        <TablaTarjetas
          label="Reacciones del donante"
          columnas={['Hora', 'Tipo', 'Severidad', 'Tratamiento', 'Evolución']}
          acciones="Acciones"
        >
          {reacciones.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell data-label="Hora">{r.hora}</Table.Cell>
              <Table.Cell data-label="Tipo" whiteSpace="normal">
                {tipoReaccionTexto(r)}
              </Table.Cell>
              <Table.Cell data-label="Severidad" fontWeight={r.severidad === 'SEVERA' ? 'bold' : undefined}>
                {SEVERIDAD_REACCION_LABELS[r.severidad as Severidad]}
              </Table.Cell>
              <Table.Cell data-label="Tratamiento" whiteSpace="normal">
                {r.tratamiento ?? '—'}
              </Table.Cell>
              <Table.Cell data-label="Evolución" whiteSpace="normal">
                {r.evolucion ?? '—'}
              </Table.Cell>
              <Table.Cell data-label="Acciones">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setEditando(r)}
                  aria-label={`Corregir la reacción de las ${r.hora}`}
                >
                  Corregir
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </TablaTarjetas>
      )}
      {editando !== null && (
        <Form<ReaccionValues>
          onSubmit={onSubmit}
          initialValues={editando === 'nueva' ? vacia() : valoresDe(editando)}
          validate={(v) => toNestedErrors(validateReaccion(v as ReaccionData, { aferesis }))}
          subscription={{ submitting: true }}
        >
          {({ handleSubmit, submitting }) => (
            <form
              onSubmit={handleSubmit}
              noValidate
              aria-label={editando === 'nueva' ? 'Registrar reacción' : 'Corregir reacción'}
            >
              <Stack gap="3" mt="3">
                {errores && (
                  <AppAlert
                    title={MSG.datosInvalidos}
                    message={<ServerErrors errors={errores} />}
                    onClose={() => setErrores(null)}
                  />
                )}
                <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr' }} gap="3">
                  <SelectField
                    name="tipo"
                    label="Tipo de reacción"
                    options={TIPO_OPCIONES}
                    placeholder="Elegir..."
                    required
                  />
                  <SelectField
                    name="severidad"
                    label="Severidad"
                    options={SEVERIDAD_OPCIONES}
                    placeholder="Elegir..."
                    required
                  />
                  <TextField name="hora" label="Hora" type="time" required />
                </Grid>
                <TextField
                  name="detalle"
                  label="Detalle (requerido con 'Otra')"
                  inputProps={{ maxLength: REACCION_TEXTO_MAX, autoComplete: 'off' }}
                />
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                  <TextField
                    name="tratamiento"
                    label="Tratamiento"
                    inputProps={{ maxLength: REACCION_TEXTO_MAX, autoComplete: 'off' }}
                  />
                  <TextField
                    name="evolucion"
                    label="Evolución"
                    inputProps={{ maxLength: REACCION_TEXTO_MAX, autoComplete: 'off' }}
                  />
                </Grid>
                <HStack justify="flex-end" gap="2">
                  <Button variant="outline" onClick={() => setEditando(null)} disabled={submitting}>
                    Cancelar
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
                    {editando === 'nueva' ? 'Registrar reacción' : 'Guardar corrección'}
                  </Button>
                </HStack>
              </Stack>
            </form>
          )}
        </Form>
      )}
    </Box>
  );
}

/** The notice of a severe reaction at an earlier donation, for the interview: never a deferral. */
export function AvisoReaccionSevera({
  donante,
}: {
  donante?: { reaccionSeveraPrevia?: boolean | null } | null;
}) {
  if (!donante?.reaccionSeveraPrevia) return null;
  return <AppAlert severity="warning" title="Aviso para la entrevista" message={MSG.reaccionSeveraPrevia} />;
}
