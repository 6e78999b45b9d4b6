import { Grid, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Form } from 'react-final-form';
import { FORMATO_ETIQUETA_LABELS, FORMATOS_ETIQUETA, validateFormatoEtiquetas } from '@domain/etiquetas';
import type { FormatoEtiqueta } from '@domain/etiquetas';
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM } from '@domain/limites';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { FormActions, RadioField } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { FormatoEtiquetasDocument, UpdateFormatoEtiquetasDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';
import { CampoNumerico, aEntero, useGuardarAjustes } from './tarjeta-ajustes';

type Values = { formato: FormatoEtiqueta; anchoMm: string; altoMm: string };

const OPCIONES = FORMATOS_ETIQUETA.map((value) => ({ value, label: FORMATO_ETIQUETA_LABELS[value] }));

const toFormato = (v: Values) => ({
  formato: v.formato,
  anchoMm: aEntero(v.anchoMm),
  altoMm: aEntero(v.altoMm),
});

/**
 * 'Formato de etiquetas' of Opciones > Numeración (ROL_SERVICIO): how 'Generar Etiquetas' prints,
 * the A4 sheet of 6 labels or one label per page at a label printer's size in mm. The size is
 * kept while the sheet is chosen.
 */
export function FormatoEtiquetas() {
  const { data, error } = useQuery(FormatoEtiquetasDocument, { fetchPolicy: 'cache-and-network' });
  const [guardar] = useMutation(UpdateFormatoEtiquetasDocument);
  const servicio = data?.servicio;
  const { onSubmit, alerta } = useGuardarAjustes((values: Values) => {
    const { formato, anchoMm, altoMm } = toFormato(values);
    return guardar({ variables: { input: { formato, anchoMm: Number(anchoMm), altoMm: Number(altoMm) } } });
  }, MSG.formatoEtiquetasGuardado);

  return (
    <PageCard
      title="Formato de etiquetas"
      as="h2"
      description="Cómo imprime 'Generar Etiquetas': la hoja A4 de 6 etiquetas, o una impresora de etiquetas (térmica), una etiqueta por página de la medida de la etiqueta cargada en la impresora."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {alerta}
      {servicio && (
        <Form<Values>
          onSubmit={onSubmit}
          initialValues={{
            formato: servicio.etiquetaFormato,
            anchoMm: String(servicio.etiquetaAnchoMm),
            altoMm: String(servicio.etiquetaAltoMm),
          }}
          validate={(v) => toFormErrors(validateFormatoEtiquetas(toFormato(v)))}
        >
          {({ handleSubmit, submitting, pristine, values }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Formato de etiquetas">
              <Stack gap="4">
                <RadioField name="formato" label="Imprimir en" options={OPCIONES} />
                {values.formato === 'IMPRESORA' && (
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4" maxW="lg">
                    <CampoNumerico
                      name="anchoMm"
                      label="Ancho de la etiqueta (mm)"
                      required
                      helperText={`De ${ETIQUETA_ANCHO_MM.min} a ${ETIQUETA_ANCHO_MM.max}`}
                    />
                    <CampoNumerico
                      name="altoMm"
                      label="Alto de la etiqueta (mm)"
                      required
                      helperText={`De ${ETIQUETA_ALTO_MM.min} a ${ETIQUETA_ALTO_MM.max}`}
                    />
                  </Grid>
                )}
                <FormActions submitLabel="Guardar formato" submitting={submitting} disabled={pristine} />
              </Stack>
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
