import { Button, Grid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { parseMedida, UMBRALES_TAMIZAJE_KEYS, validateUmbrales } from '@domain/donacion';
import type { UmbralesTamizaje as Umbrales, UmbralTamizajeKey } from '@domain/donacion';
import { SV_LIMITES } from '@domain/limites';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { TextField } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { UmbralesTamizajeDocument, UpdateUmbralesTamizajeDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

type Values = Record<UmbralTamizajeKey, string>;

const NORMA: Record<UmbralTamizajeKey, string> = {
  hbMinMujer: `${SV_LIMITES.hb.min} g/dl`,
  hbMinHombre: `${SV_LIMITES.hb.min} g/dl`,
  hbMax: 'sin máximo',
  hctoMinMujer: `${SV_LIMITES.hto.min} %`,
  hctoMinHombre: `${SV_LIMITES.hto.min} %`,
  hctoMax: 'sin máximo',
};

const LABELS: Record<UmbralTamizajeKey, string> = {
  hbMinMujer: 'Hemoglobina mínima, mujeres (g/dl)',
  hbMinHombre: 'Hemoglobina mínima, hombres (g/dl)',
  hbMax: 'Hemoglobina máxima (g/dl)',
  hctoMinMujer: 'Hematocrito mínimo, mujeres (%)',
  hctoMinHombre: 'Hematocrito mínimo, hombres (%)',
  hctoMax: 'Hematocrito máximo (%)',
};

/** 12.5 -> '12,5'; null -> '' (the spec's bound). */
const texto = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : String(n).replace('.', ',');

/** '12,5' -> 12.5; '' -> null; anything else NaN, for the rule to refuse. */
function toUmbrales(values: Values): Record<UmbralTamizajeKey, number | null> {
  return Object.fromEntries(
    UMBRALES_TAMIZAJE_KEYS.map((k) => {
      const v = parseMedida(values[k] ?? '');
      return [k, v];
    }),
  ) as Record<UmbralTamizajeKey, number | null>;
}

const DESCRIPCION =
  `Los mínimos de hemoglobina y hematocrito por sexo y sus máximos con que se controla cada donación. ` +
  `Nunca menos exigentes que la norma (hemoglobina ${SV_LIMITES.hb.min} g/dl, hematocrito ${SV_LIMITES.hto.min} %); ` +
  'vacío: el límite de la norma. Muchos servicios usan 12,5 g/dl para mujeres y 13,5 para hombres.';

/**
 * 'Umbrales de tamizaje' of /opciones/generales: the administrator (ROL_SERVICIO) edits them; any
 * other role reads them.
 */
export function UmbralesTamizaje({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(UmbralesTamizajeDocument);
  const [guardar] = useMutation(UpdateUmbralesTamizajeDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const umbrales = data?.servicio.umbralesTamizaje;

  const onSubmit = async (values: Values): Promise<SubmissionErrors | void> => {
    setServerErrors(null);
    try {
      await guardar({ variables: { input: toUmbrales(values) as Umbrales } });
      showToast(MSG.umbralesGuardados);
    } catch (e) {
      setServerErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  return (
    <PageCard
      title="Umbrales de tamizaje"
      as="h2"
      description={
        editable ? DESCRIPCION : `${DESCRIPCION} Solo el administrador del servicio puede modificarlos.`
      }
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {umbrales && !editable && (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" as="dl">
          {UMBRALES_TAMIZAJE_KEYS.map((k) => (
            <Stack key={k} gap="0">
              <Text as="dt" fontSize="sm" color="gray.600">
                {LABELS[k]}
              </Text>
              <Text as="dd" fontWeight="medium">
                {texto(umbrales[k]) || `La norma (${NORMA[k]})`}
              </Text>
            </Stack>
          ))}
        </Grid>
      )}
      {umbrales && editable && (
        <Form<Values>
          onSubmit={onSubmit}
          initialValues={
            Object.fromEntries(UMBRALES_TAMIZAJE_KEYS.map((k) => [k, texto(umbrales[k])])) as Values
          }
          validate={(v) => toFormErrors(validateUmbrales(toUmbrales(v)))}
        >
          {({ handleSubmit, submitting, pristine }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Umbrales de tamizaje">
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
                  {UMBRALES_TAMIZAJE_KEYS.map((k) => (
                    <TextField
                      key={k}
                      name={k}
                      label={LABELS[k]}
                      helperText={`Vacío: la norma (${NORMA[k]})`}
                      inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
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
                  Guardar umbrales
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
