import { Button, Grid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { REGLAS_DEFAULT, validateReglas } from '@domain/elegibilidad';
import type { ReglasElegibilidad } from '@domain/elegibilidad';
import {
  LIMITE_ANUAL_MAX,
  LIMITE_ANUAL_MIN,
  SEMANAS_ENTRE_DONACIONES,
  SEMANAS_ENTRE_DONACIONES_MAX,
} from '@domain/limites';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { TextField } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { ReglasDonacionDocument, UpdateReglasDonacionDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

type Values = Record<keyof ReglasElegibilidad, string>;

const CAMPOS: { name: keyof ReglasElegibilidad; label: string; min: number; max: number }[] = [
  {
    name: 'semanasEntreDonaciones',
    label: 'Semanas entre donaciones',
    min: SEMANAS_ENTRE_DONACIONES,
    max: SEMANAS_ENTRE_DONACIONES_MAX,
  },
  {
    name: 'limiteAnualHombres',
    label: 'Donaciones por año (hombres)',
    min: LIMITE_ANUAL_MIN,
    max: LIMITE_ANUAL_MAX.Masculino,
  },
  {
    name: 'limiteAnualMujeres',
    label: 'Donaciones por año (mujeres)',
    min: LIMITE_ANUAL_MIN,
    max: LIMITE_ANUAL_MAX.Femenino,
  },
];

/** A typed number: '' or anything not a plain integer stays as is for the rule to refuse. */
function toNumero(text: string): number | string {
  const t = (text ?? '').trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}

function toReglas(values: Values): Record<keyof ReglasElegibilidad, number | string> {
  return {
    semanasEntreDonaciones: toNumero(values.semanasEntreDonaciones),
    limiteAnualHombres: toNumero(values.limiteAnualHombres),
    limiteAnualMujeres: toNumero(values.limiteAnualMujeres),
  };
}

const DESCRIPCION = `Los valores solo pueden ser más estrictos que la norma nacional: al menos ${REGLAS_DEFAULT.semanasEntreDonaciones} semanas entre donaciones y como máximo ${REGLAS_DEFAULT.limiteAnualHombres} (hombres) y ${REGLAS_DEFAULT.limiteAnualMujeres} (mujeres) donaciones de sangre entera en 12 meses.`;

/**
 * 'Reglas de donación' of /opciones/generales: the interval between donations and the yearly
 * whole-blood limits the servicio applies. The administrator (ROL_SERVICIO) edits them; any other
 * role reads them.
 */
export function ReglasDonacion({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(ReglasDonacionDocument);
  const [guardar] = useMutation(UpdateReglasDonacionDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const servicio = data?.servicio;

  const onSubmit = async (values: Values): Promise<SubmissionErrors | void> => {
    setServerErrors(null);
    const reglas = toReglas(values) as ReglasElegibilidad;
    try {
      await guardar({ variables: { input: reglas } });
      showToast(MSG.reglasGuardadas);
    } catch (e) {
      setServerErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  return (
    <PageCard
      title="Reglas de donación"
      as="h2"
      description={
        editable ? DESCRIPCION : `${DESCRIPCION} Solo el administrador del servicio puede modificarlas.`
      }
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {servicio && !editable && (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" as="dl">
          {CAMPOS.map((c) => (
            <Stack key={c.name} gap="0">
              <Text as="dt" fontSize="sm" color="gray.600">
                {c.label}
              </Text>
              <Text as="dd" fontWeight="medium">
                {servicio[c.name]}
              </Text>
            </Stack>
          ))}
        </Grid>
      )}
      {servicio && editable && (
        <Form<Values>
          onSubmit={onSubmit}
          initialValues={{
            semanasEntreDonaciones: String(servicio.semanasEntreDonaciones),
            limiteAnualHombres: String(servicio.limiteAnualHombres),
            limiteAnualMujeres: String(servicio.limiteAnualMujeres),
          }}
          validate={(v) => toFormErrors(validateReglas(toReglas(v)))}
        >
          {({ handleSubmit, submitting, pristine }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Reglas de donación">
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
                  {CAMPOS.map((c) => (
                    <TextField
                      key={c.name}
                      name={c.name}
                      label={c.label}
                      required
                      helperText={`De ${c.min} a ${c.max}`}
                      inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
                    />
                  ))}
                </Grid>
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={submitting}
                  loadingText="Guardando..."
                  disabled={pristine}
                >
                  Guardar reglas
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
